/** The command line of `npm run upgrade`. */
import { parseArgs } from 'node:util';
import { UsageError } from '../setup/args.ts';

export interface UpgradeOptions {
  /** A tag, a branch or a commit; undefined: the latest commit of the current branch on the remote. */
  target: string | undefined;
  rollback: boolean;
  dryRun: boolean;
  yes: boolean;
  systemd: boolean;
  /** The service's port; undefined: PORT from the environment file, else 3000. */
  port: number | undefined;
  user: string;
  prefix: string;
  /**
   * The install to upgrade when the script runs from another folder: an install of a release older than
   * `npm run upgrade` upgrades with the script of a checkout of the new release. Undefined: this folder.
   */
  appDir: string | undefined;
}

export const UPGRADE_USAGE = [
  'Usage: npm run upgrade [-- <tag|branch|commit>] [--dry-run] [--yes]',
  '       npm run upgrade -- --rollback [--dry-run] [--yes]',
  '       (as setup ran it: [--no-systemd] [--port 3000] [--user orbit] [--prefix /])',
  '       (an install without `npm run upgrade`, from a checkout of the new release: --app-dir /opt/orbit-college)',
].join('\n');

export function parseUpgradeArgs(argv: readonly string[]): UpgradeOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        rollback: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', default: false },
        'no-systemd': { type: 'boolean', default: false },
        port: { type: 'string' },
        user: { type: 'string', default: 'orbit' },
        prefix: { type: 'string', default: '/' },
        'app-dir': { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${UPGRADE_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`Name one release to upgrade to.\n${UPGRADE_USAGE}`);
  const target = positionals[0];
  if (values.rollback && target !== undefined)
    throw new UsageError(`--rollback goes back to the previous release: name no release with it.\n${UPGRADE_USAGE}`);
  // A name git reads as a ref, never as an option or a path outside refs.
  if (target !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/u.test(target))
    throw new UsageError(`${target} is not a tag, branch or commit name.`);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1024 || port > 65535))
    throw new UsageError('--port must be a whole number from 1024 to 65535.');
  if (!/^[a-z_][a-z0-9_-]{0,31}$/u.test(values.user))
    throw new UsageError(`--user ${values.user} is not a valid system user name.`);
  if (!values.prefix.startsWith('/')) throw new UsageError('--prefix must be an absolute folder.');
  const appDir = values['app-dir'];
  if (appDir !== undefined && !appDir.startsWith('/')) throw new UsageError('--app-dir must be an absolute folder.');
  return {
    target,
    rollback: values.rollback,
    dryRun: values['dry-run'],
    yes: values.yes,
    systemd: !values['no-systemd'],
    port,
    user: values.user,
    prefix: values.prefix,
    appDir,
  };
}
