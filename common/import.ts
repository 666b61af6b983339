/** An import from another site (WordPress) started in the admin: its limits and the states a run goes through. */

export const IMPORT_LIMITS = {
  /** The export file (WordPress's Tools → Export → All content), posted with the page's form. */
  exportBytes: 20 * 1024 * 1024,
  /** The wp-content/uploads folder as a .zip, .tar or .tar.gz archive, posted with it. */
  archiveBytes: 20 * 1024 * 1024,
  /** What that archive may unpack to: its files' bytes, and its files and folders (a zip bomb stops there). */
  archiveUnpackedBytes: 200 * 1024 * 1024,
  archiveEntries: 20_000,
  /** Old addresses per page of the admin's list. */
  oldAddressesPageSize: 50,
} as const;

export const IMPORT_ERRORS = {
  missing: { code: 'import/missing', message: 'Choose the export file WordPress downloaded (an .xml file).' },
  exportTooLarge: {
    code: 'import/too-large',
    message: `The export file is larger than ${IMPORT_LIMITS.exportBytes / 1024 / 1024} MB. Import it with the command line (npm run import), which has no limit.`,
  },
  archiveTooLarge: {
    code: 'import/too-large',
    message: `The uploads archive is larger than ${IMPORT_LIMITS.archiveBytes / 1024 / 1024} MB. Import it with the command line (npm run import -- wordpress <file> --uploads <folder>), which has no limit.`,
  },
  archiveType: {
    code: 'import/archive-type',
    message: 'The uploads must be a .zip, .tar or .tar.gz archive of the wp-content/uploads folder.',
  },
  archiveUnreadable: {
    code: 'import/archive-unreadable',
    message: 'The uploads archive could not be read as a .zip, .tar or .tar.gz archive: nothing was imported.',
  },
  archiveUnsafe: {
    code: 'import/archive-unsafe',
    message:
      'The uploads archive holds a link, or a path outside its folder (starting with / or holding ..): nothing was imported. Archive the wp-content/uploads folder again.',
  },
  archiveEncrypted: {
    code: 'import/archive-encrypted',
    message:
      'The uploads archive is protected by a password: nothing was imported. Archive the folder again without one.',
  },
  archiveUnpackedTooLarge: {
    code: 'import/too-large',
    message: `The uploads archive unpacks to more than ${IMPORT_LIMITS.archiveUnpackedBytes / 1024 / 1024} MB or ${IMPORT_LIMITS.archiveEntries.toLocaleString('en')} files: nothing was imported. Import it with the command line (npm run import -- wordpress <file> --uploads <folder>).`,
  },
  busy: { code: 'import/busy', message: 'An import is already running: wait for its report.' },
  notPlanned: {
    code: 'import/not-planned',
    message: 'This import was already started or has ended: upload the export again for a new dry run.',
  },
} as const;

/** Each reason an uploads archive is refused, and what the admin says. */
export const ARCHIVE_REFUSALS = {
  unreadable: IMPORT_ERRORS.archiveUnreadable,
  unsafe: IMPORT_ERRORS.archiveUnsafe,
  encrypted: IMPORT_ERRORS.archiveEncrypted,
  'too-large': IMPORT_ERRORS.archiveUnpackedTooLarge,
} as const;

/**
 * planned: the dry run is shown, nothing written; running: posts are being imported; done: the report is ready;
 * stopped: the server stopped during it (each post was imported whole or not at all; importing again brings the
 * rest); failed: an unexpected fault ended it (the same).
 */
export const IMPORT_STATUSES = ['planned', 'running', 'done', 'stopped', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import as the service answers it and the admin's import page shows it. */
export interface ImportRunView {
  id: string;
  status: ImportStatus;
  hasUploads: boolean;
  planLines: string[];
  toImport: number;
  done: number;
  total: number;
  reportLines: string[] | null;
  createdAt: string;
  finishedAt: string | null;
}
