import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_FILE_LIMITS } from '#common/admission/application.ts';
import { registerErrorHandler } from '../errors.ts';
import { tooSlow } from './slow-sender.ts';
import {
  PAGE_FORM_MAX_BYTES,
  doneWithForm,
  formHasNul,
  postedForm,
  readMultipart,
  registerFormBodyParsers,
  urlEncodedHasNul,
} from './form-body.ts';

const UPLOAD_MAX = 2 * 1024 * 1024;
const app = Fastify();
registerErrorHandler(app);
await app.register(async (pages) => {
  registerFormBodyParsers(pages, UPLOAD_MAX);
  // A URL-encoded form reaches the route as its bytes; a multipart one as the parser's reading (postedForm).
  pages.post('/form', async (request) => ({
    bytes: Buffer.isBuffer(request.body) ? request.body.length : null,
  }));
  // What an action reads: the body parser's own reading of a multipart form, or the request's body parsed.
  pages.post('/posted', async (request) => {
    const body = request.body as Buffer;
    const fetchRequest = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': String(request.headers['content-type']) },
      body: new Uint8Array(body),
    });
    const form = await postedForm(request, fetchRequest);
    const file = form.get('file');
    return {
      readByParser: request.postedForm === form,
      title: form.get('title'),
      file: file instanceof File ? [file.name, file.size] : null,
    };
  });
});
afterAll(() => app.close());

const post = (payload: string | Buffer, contentType: string) =>
  app.inject({ method: 'POST', url: '/form', headers: { 'content-type': contentType }, payload });

describe('urlEncodedHasNul', () => {
  it.each<[string, boolean]>([
    ['name=Sita&message=hello', false],
    ['message=100%25%20sure', false],
    ['message=a%00b', true],
    ['na%00me=x', true],
    ['message=a\u0000b', true],
    ['message=ends%0', false],
  ])('%j -> %s', (body, expected) => {
    expect(urlEncodedHasNul(Buffer.from(body))).toBe(expected);
  });
});

describe('page form bodies', () => {
  it('hands a URL-encoded form to the route as its bytes', async () => {
    const res = await post('first_name=Sita&message=Namaste', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bytes: 31 });
  });

  it('refuses a NUL in a URL-encoded field with 400', async () => {
    const res = await post('message=hello%00there', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });

  it('refuses a NUL in a multipart text field, but not in a file', async () => {
    const withFile = new FormData();
    withFile.set('title', 'A photo');
    withFile.set('file', new Blob([Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x10])]), 'photo.jpg');
    const ok = new Request('http://x/', { method: 'POST', body: withFile });
    const okType = ok.headers.get('content-type')!;
    const okBody = Buffer.from(await ok.arrayBuffer());
    expect(formHasNul(await readMultipart(okBody, okType))).toBe(false);
    expect((await post(okBody, okType)).statusCode).toBe(200);

    const bad = new FormData();
    bad.set('title', 'A\u0000photo');
    const badRequest = new Request('http://x/', { method: 'POST', body: bad });
    const res = await post(Buffer.from(await badRequest.arrayBuffer()), badRequest.headers.get('content-type')!);
    expect(res.statusCode).toBe(400);
  });

  it("hands the action the body parser's reading of a multipart form, and parses a URL-encoded one", async () => {
    const form = new FormData();
    form.set('title', 'A photo');
    form.set('file', new Blob([Buffer.alloc(2000, 1)]), 'photo.jpg');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/posted',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.json()).toEqual({ readByParser: true, title: 'A photo', file: ['photo.jpg', 2000] });
    const plain = await app.inject({
      method: 'POST',
      url: '/posted',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=Notice',
    });
    expect(plain.json()).toEqual({ readByParser: false, title: 'Notice', file: null });
  });

  it('refuses a form over 1 MB with 413 from its Content-Length, and multipart over an application post', async () => {
    const big = `message=${'a'.repeat(PAGE_FORM_MAX_BYTES)}`;
    expect((await post(big, 'application/x-www-form-urlencoded')).statusCode).toBe(413);
    const huge = Buffer.alloc(APPLICATION_FILE_LIMITS.postBytes + PAGE_FORM_MAX_BYTES + 1, 0x61);
    expect((await post(huge, 'multipart/form-data; boundary=x')).statusCode).toBe(413);
  });

  it('reads a multipart form as large as an online application may be, beyond the upload limit', async () => {
    // Read (then refused as unreadable multipart, 400), not refused by its size.
    const application = Buffer.alloc(APPLICATION_FILE_LIMITS.postBytes, 0x61);
    expect((await post(application, 'multipart/form-data; boundary=x')).statusCode).toBe(400);
  });

  it('reads no other encoding: text/plain or JSON is refused with 415, however large', async () => {
    // The page gate (page-gate.ts) refuses these before the parsers are asked; this is the second line.
    expect((await post(`message=${'a'.repeat(PAGE_FORM_MAX_BYTES)}`, 'text/plain')).statusCode).toBe(415);
    expect((await post('{"message":"hello"}', 'application/json')).statusCode).toBe(415);
  });

  it('answers 400, not 500, for multipart data that cannot be read', async () => {
    const res = await post('not really multipart', 'multipart/form-data; boundary=zzz');
    expect(res.statusCode).toBe(400);
  });

  it('reads a form as a browser sends it: Nepali text and file names, an empty file input, files in their order', async () => {
    const sent = new FormData();
    sent.append('name', 'सीता "Sita" शर्मा');
    sent.append('field "quoted"\nname', 'value');
    sent.append('file_photo', new Blob([Buffer.alloc(70_000, 7)], { type: 'image/jpeg' }), 'मेरो फोटो "1".jpg');
    sent.append('note', 'line one\r\nline two');
    sent.append('file_marks', new Blob([Buffer.from('%PDF-1.4 a')], { type: 'application/pdf' }), 'a.pdf');
    sent.append('file_marks', new Blob([Buffer.from('%PDF-1.4 b')], { type: 'application/pdf' }), 'b.pdf');
    sent.append('file_character', new Blob([], { type: 'application/octet-stream' }), '');
    const request = new Request('http://x/', { method: 'POST', body: sent });
    const body = Buffer.from(await request.arrayBuffer());
    const contentType = request.headers.get('content-type')!;
    const entries = async (form: FormData) =>
      Promise.all(
        [...form].map(async ([name, value]) =>
          typeof value === 'string'
            ? [name, value]
            : [
                name,
                value.name,
                value.type,
                value.size,
                createHash('sha256')
                  .update(await value.bytes())
                  .digest('hex'),
              ],
        ),
      );
    const ours = await readMultipart(body, contentType);
    // The runtime's own parser is the reference: the same entries, in the same order, with the same bytes.
    const runtime = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    expect(await entries(ours)).toEqual(await entries(runtime));
    const photo = ours.get('file_photo') as File;
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.alloc(70_000, 7))).toBe(true);
    expect(Buffer.from(await photo.bytes()).equals(Buffer.alloc(70_000, 7))).toBe(true);
    // Every way of reading a posted file gives its bytes alone; bytes() is a view of the body given, never a copy.
    expect((await photo.arrayBuffer()).byteLength).toBe(70_000);
    const view = await photo.bytes();
    expect(await photo.bytes()).toBe(view);
    expect(view.buffer).toBe(body.buffer);
    const streamed = Buffer.from(await new Response(photo.stream()).arrayBuffer());
    expect(streamed.equals(Buffer.alloc(70_000, 7))).toBe(true);
    expect(Buffer.from(await photo.slice(69_998).arrayBuffer()).equals(Buffer.alloc(2, 7))).toBe(true);
    expect(await (ours.getAll('file_marks')[1] as File).text()).toBe('%PDF-1.4 b');
    expect(await new Response(photo).arrayBuffer()).toHaveProperty('byteLength', 70_000);
  });

  it('reads a multipart body as it arrives: past the limit 413 without a Content-Length, another length 400, a client gone away refused', async () => {
    const huge = Readable.from(
      (function* () {
        for (let sent = 0; sent <= APPLICATION_FILE_LIMITS.postBytes + PAGE_FORM_MAX_BYTES; sent += 65_536)
          yield Buffer.alloc(65_536, 0x61);
      })(),
    );
    const chunked = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      payload: huge,
    });
    expect(chunked.statusCode).toBe(413);

    const sent = new FormData();
    sent.append('file', new Blob([Buffer.alloc(20_000, 1)]), 'photo.jpg');
    const request = new Request('http://x/', { method: 'POST', body: sent });
    const contentType = request.headers.get('content-type')!;
    const body = Buffer.from(await request.arrayBuffer());
    const stream = new PassThrough();
    const read = readMultipart({ stream, maxBytes: 1_000_000, contentLength: body.length + 10 }, contentType);
    stream.end(body);
    await expect(read).rejects.toMatchObject({ statusCode: 400 });

    const goneAway = new PassThrough();
    const cut = readMultipart({ stream: goneAway, maxBytes: 1_000_000 }, contentType);
    goneAway.write(body.subarray(0, 5_000));
    goneAway.destroy();
    await expect(cut).rejects.toMatchObject({ statusCode: 400 });

    // A body the slow-sender guard cuts off keeps the guard's answer (408), not 'could not be read'.
    const crawling = new PassThrough();
    const cutOff = readMultipart({ stream: crawling, maxBytes: 1_000_000 }, contentType);
    crawling.write(body.subarray(0, 5_000));
    crawling.destroy(tooSlow());
    await expect(cutOff).rejects.toMatchObject({ statusCode: 408 });

    const whole = new PassThrough();
    const ok = readMultipart({ stream: whole, maxBytes: 1_000_000, contentLength: body.length }, contentType);
    for (let at = 0; at < body.length; at += 1_000) whole.write(body.subarray(at, at + 1_000));
    whole.end();
    expect((await ok).get('file')).toHaveProperty('size', 20_000);
  });

  it('reads an arriving body with a Content-Length into one buffer, each file a view of it; without one, a copy each', async () => {
    const sent = new FormData();
    sent.append('title', 'Two files');
    const photo = Buffer.alloc(150_000);
    for (let i = 0; i < photo.length; i++) photo[i] = (i * 31) % 251;
    sent.append('file_photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    sent.append('file_marks', new Blob([Buffer.from('%PDF-1.4 marks')], { type: 'application/pdf' }), 'm.pdf');
    const request = new Request('http://x/', { method: 'POST', body: sent });
    const contentType = request.headers.get('content-type')!;
    const body = Buffer.from(await request.arrayBuffer());
    const arrive = async (contentLength: number | undefined) => {
      const stream = new PassThrough();
      const read = readMultipart({ stream, maxBytes: 1_000_000, contentLength }, contentType);
      // In pieces as a socket gives them, each a buffer of its own.
      for (let at = 0; at < body.length; at += 7_000) stream.write(Buffer.from(body.subarray(at, at + 7_000)));
      stream.end();
      const form = await read;
      return [form.get('file_photo') as File, form.get('file_marks') as File] as const;
    };

    const [known, knownMarks] = await arrive(body.length);
    const photoView = await known.bytes();
    const marksView = await knownMarks.bytes();
    expect(Buffer.from(photoView).equals(photo)).toBe(true);
    expect(Buffer.from(marksView).toString()).toBe('%PDF-1.4 marks');
    // Both files are views of the one buffer the body was read into.
    expect(photoView.buffer).toBe(marksView.buffer);
    expect(photoView.buffer.byteLength).toBe(body.length);
    // arrayBuffer() is the file's bytes alone, not the body around them.
    const alone = await known.arrayBuffer();
    expect(alone.byteLength).toBe(photo.length);
    expect(Buffer.from(alone).equals(photo)).toBe(true);
    expect(Buffer.from(await known.slice(149_998).arrayBuffer()).equals(photo.subarray(149_998))).toBe(true);

    const [unknown, unknownMarks] = await arrive(undefined);
    const copied = await unknown.bytes();
    expect(Buffer.from(copied).equals(photo)).toBe(true);
    expect(copied.buffer.byteLength).toBe(photo.length);
    expect(await unknownMarks.text()).toBe('%PDF-1.4 marks');
  });

  it('reads a large body into a buffer used again once its action is done with the form, never while it is read', async () => {
    const photoOf = (seed: number) => Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * seed) % 251));
    const formOf = async (photo: Buffer) => {
      const sent = new FormData();
      sent.append('file_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const request = new Request('http://x/', { method: 'POST', body: sent });
      return { contentType: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
    };
    const arrive = async ({ contentType, body }: { contentType: string; body: Buffer }, cutAt = body.length) => {
      const stream = new PassThrough();
      const read = readMultipart({ stream, maxBytes: 1_000_000, contentLength: body.length }, contentType);
      for (let at = 0; at < cutAt; at += 64_000)
        stream.write(Buffer.from(body.subarray(at, Math.min(at + 64_000, cutAt))));
      if (cutAt < body.length) stream.destroy();
      else stream.end();
      return read;
    };
    const first = photoOf(31);
    const formA = await arrive(await formOf(first));
    const fileA = formA.get('file_photo') as File;
    const viewA = await fileA.bytes();
    expect(Buffer.from(viewA).equals(first)).toBe(true);

    // A second form read while the first is still its action's: a buffer of its own.
    const second = photoOf(37);
    const formB = await arrive(await formOf(second));
    const viewB = await (formB.get('file_photo') as File).bytes();
    expect(viewB.buffer).not.toBe(viewA.buffer);

    doneWithForm(formA);
    // Its files can no longer be read through the form...
    await expect(async () => fileA.bytes()).rejects.toThrow(/after its form was done with/u);
    expect(() => fileA.arrayBuffer()).toThrow();
    // ...and the next form of a like size is read into its buffer, whole and exact.
    const third = photoOf(41);
    const formC = await arrive(await formOf(third));
    const viewC = await (formC.get('file_photo') as File).bytes();
    expect(viewC.buffer).toBe(viewA.buffer);
    expect(Buffer.from(viewC).equals(third)).toBe(true);
    // The form still being read was not touched.
    expect(Buffer.from(viewB).equals(second)).toBe(true);

    // A form refused half-way keeps its buffer out of the pool; saying done twice gives nothing back twice.
    doneWithForm(formC);
    doneWithForm(formC);
    await expect(arrive(await formOf(first), 200_000)).rejects.toThrow();
    const formD = await arrive(await formOf(second));
    const viewD = await (formD.get('file_photo') as File).bytes();
    expect(Buffer.from(viewD).equals(second)).toBe(true);
    expect(viewD.buffer).not.toBe(viewA.buffer);
    doneWithForm(formD);
    const formE = await arrive(await formOf(first));
    expect((await (formE.get('file_photo') as File).bytes()).buffer).toBe(viewD.buffer);
  });

  it('refuses a form cut off before its end, a text field over 1 MB, and one without a boundary, with 400', async () => {
    const sent = new FormData();
    sent.append('title', 'A photo');
    sent.append('file', new Blob([Buffer.alloc(50_000, 1)]), 'photo.jpg');
    const request = new Request('http://x/', { method: 'POST', body: sent });
    const contentType = request.headers.get('content-type')!;
    const body = Buffer.from(await request.arrayBuffer());
    expect((await post(body.subarray(0, 30_000), contentType)).statusCode).toBe(400);
    expect((await post(body.subarray(0, body.length - 4), contentType)).statusCode).toBe(400);

    const long = new FormData();
    long.append('message', 'a'.repeat(PAGE_FORM_MAX_BYTES + 1));
    const longRequest = new Request('http://x/', { method: 'POST', body: long });
    const res = await post(Buffer.from(await longRequest.arrayBuffer()), longRequest.headers.get('content-type')!);
    expect(res.statusCode).toBe(400);
    expect((await post(body, 'multipart/form-data')).statusCode).toBe(400);
  });
});
