import { expect } from 'vitest';
import type { AdminTestApp } from '#server/test-support/admin-session.ts';

type Json = Record<string, unknown>;

/**
 * Saves of one field at a time through the real API, for the rule tests: the section is read, one
 * value is set at a dotted path ("cards.0.title.en"), and the whole section is sent back.
 */
export function sectionEditor(app: () => AdminTestApp) {
  /** The section as a save sends it: pictures kept, everything else as read. */
  async function current(section: string): Promise<Json> {
    const res = await app().asAdmin({ method: 'GET', url: `/api/admin/content/${section}` });
    const body = res.json<Json>();
    if (section === 'messages') {
      for (const key of ['chairman', 'principal']) (body[key] as Json).photo = 'keep';
    }
    if (section === 'downloads') body.prospectus = 'keep';
    return body;
  }

  async function saveWith(section: string, path: string, value: unknown) {
    const body = structuredClone(await current(section));
    const keys = path.split('.');
    let target = body as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[keys.at(-1)!] = value;
    return app().asAdmin({ method: 'PUT', url: `/api/admin/content/${section}`, payload: body });
  }

  return {
    current,
    async expectSaved(section: string, path: string, value: unknown) {
      const res = await saveWith(section, path, value);
      expect(res.statusCode, `${section} ${path}: ${res.body}`).toBe(200);
    },
    /** Refused with 400, this exact message, and nothing changed. */
    async expectRefused(section: string, path: string, value: unknown, message: string) {
      const before = await current(section);
      const res = await saveWith(section, path, value);
      expect(res.statusCode, `${section} ${path}`).toBe(400);
      expect(res.json(), `${section} ${path}`).toEqual({ error: { code: 'validation', message } });
      expect(await current(section)).toEqual(before);
    },
  };
}
