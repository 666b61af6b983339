import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRequestSeen {
  path: string;
  contentType: string;
  fields: Record<string, string>;
}

/**
 * One local HTTP server speaking both Nepali SMS providers' documented requests and answers:
 * Sparrow SMS v2 (POST /v2/sms/: token, from, to, text; 200 with response_code 200, or 403 with a
 * numbered code) and Aakash SMS v3 (POST /sms/v3/send: auth_token, to, text; JSON with `error`,
 * `message` and, when queued, data.valid / data.invalid). The providers themselves cannot be reached
 * from the test machines. Tokens and numbers pick the answer:
 *   token 'no-credit' → no credit; 'blocked-ip' → the address not allowed; 'bad' → invalid token;
 *   the number 9800000000 → an invalid receiver.
 */
export async function startSmsStandIns(): Promise<{ baseUrl: string; seen: SmsRequestSeen[]; close(): Promise<void> }> {
  const seen: SmsRequestSeen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      seen.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', fields });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/v2/sms/') {
        const { token, from, to, text } = fields;
        if (!token || !from || !to || text === undefined)
          return answer(403, { response_code: 1000, response: 'A required field is missing' });
        if (token === 'blocked-ip') return answer(403, { response_code: 1001, response: 'Invalid IP Address' });
        if (token === 'bad') return answer(403, { response_code: 1002, response: 'Invalid Token' });
        if (token === 'no-credit') return answer(403, { response_code: 1012, response: 'No Credits Available' });
        if (to === '9800000000') return answer(403, { response_code: 1007, response: 'Invalid Receiver' });
        return answer(200, { count: 1, response_code: 200, response: '1 mesages has been queued for delivery' });
      }
      if (req.method === 'POST' && req.url === '/sms/v3/send') {
        const { auth_token: token, to, text } = fields;
        if (!token) return answer(401, { error: true, message: 'Auth token is required' });
        if (token === 'bad') return answer(401, { error: true, message: 'Invalid auth token' });
        if (token === 'no-credit') return answer(200, { error: true, message: 'Insufficient credit balance' });
        if (token === 'blocked-ip') return answer(403, { error: true, message: 'IP not whitelisted' });
        if (to === '9800000000')
          return answer(200, {
            error: false,
            message: '0 messages has been queued',
            data: { valid: [], invalid: [{ mobile: to, status: 'Invalid number' }] },
          });
        return answer(200, {
          error: false,
          message: '1 messages has been queued',
          data: { valid: [{ id: 1, mobile: to, text, credit: 1, network: 'ntc', status: 'queued' }], invalid: [] },
        });
      }
      answer(404, { error: true, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
