import { IMPORT_ERRORS, IMPORT_LIMITS } from '#common/import.ts';
import type { AdminWrite, WriteOutcome } from './admin-action.server.ts';
import { formText } from './admin-form.ts';

/** The writes of the import page (/admin/import), by the form's intent. */
export const IMPORT_WRITES = {
  /** The export (and the uploads archive) uploaded and planned: the dry run, shown on the page; nothing imported. */
  plan: {
    action: 'import.manage',
    messages: { done: 'Dry run ready: nothing was imported yet.', failed: 'The export could not be read.' },
    async run(form, services, admin): Promise<WriteOutcome> {
      const exportFile = form.get('file');
      if (!(exportFile instanceof File) || exportFile.size === 0)
        return { fieldErrors: { file: IMPORT_ERRORS.missing.message }, refusal: IMPORT_ERRORS.missing };
      if (exportFile.size > IMPORT_LIMITS.exportBytes)
        return { fieldErrors: { file: IMPORT_ERRORS.exportTooLarge.message }, refusal: IMPORT_ERRORS.exportTooLarge };
      const archive = form.get('uploads');
      const hasArchive = archive instanceof File && archive.size > 0;
      if (hasArchive && archive.size > IMPORT_LIMITS.archiveBytes)
        return {
          fieldErrors: { uploads: IMPORT_ERRORS.archiveTooLarge.message },
          refusal: IMPORT_ERRORS.archiveTooLarge,
        };
      await services.importRuns.prepare(admin, {
        exportFile: new Uint8Array(await exportFile.arrayBuffer()),
        ...(hasArchive ? { archive: { name: archive.name, bytes: new Uint8Array(await archive.arrayBuffer()) } } : {}),
      });
    },
  },
  /** The planned import started: it runs after this answer, and the page shows how far it has gone. */
  start: {
    action: 'import.manage',
    messages: { done: 'Import started.', failed: 'The import was not started.' },
    async run(form, services, admin) {
      await services.importRuns.start(admin, formText(form, 'id'));
    },
  },
  /** One old address deleted: it stops answering with a redirect at once. */
  delete: {
    action: 'import.manage',
    messages: { done: 'Old address deleted.', failed: 'The old address could not be deleted.' },
    async run(form, services, admin) {
      await services.importRuns.deleteOldAddress(admin, formText(form, 'id'));
    },
  },
} satisfies Record<string, AdminWrite>;
