// Runs s3rver in its own process for the tests: `node --openssl-legacy-provider s3rver-process.mjs DIR BUCKET`.
// Its own process because s3rver makes ListObjectsV2 continuation tokens with DES, which Node 17+ only
// offers with --openssl-legacy-provider. Prints {"port":N} once it listens; stops on SIGTERM.
// S3RVER_DELETE_DELAY_MS=N: each DeleteObject is answered N ms late, a slow bucket in which a test can stop a
// process part-way through deleting many objects.
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name })),
});
const deleteDelayMs = Number(process.env.S3RVER_DELETE_DELAY_MS ?? 0);
if (deleteDelayMs > 0) {
  // First in the chain, before s3rver's router answers the request.
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method === 'DELETE') await new Promise((resolve) => setTimeout(resolve, deleteDelayMs));
    await next();
  });
}
server.run().then(
  ({ port }) => process.stdout.write(`${JSON.stringify({ port })}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('SIGTERM', () => {
  server.httpServer?.closeAllConnections();
  server.close().finally(() => process.exit(0));
});
