/**
 * Admission's one face: what the rest of the server and app/ use of admission is imported from here, never from
 * a room's files. Its rooms:
 *   seasons/       seasons, their programmes and categories, the admission status, where parents pay
 *   applications/  an application from the form to the office: intake, documents, corrections, access keys
 *   entrance/      the entrance exam: sessions, admit cards, marks
 *   results/       the merit list, results day, offers, freed seats and their undo, the pass list
 * Inside admission, the rooms import each other's files directly.
 */

// seasons/
export { createAdmissionService } from './seasons/admission.service.ts';
export { createSeasonService, nextPublicSeasonChange } from './seasons/season.service.ts';
export { createPaymentService } from './seasons/payment.service.ts';
export { paymentFiles, readPayment } from './seasons/payment-details.ts';
export { publicAdmissionRoutes } from './seasons/admission.routes.ts';
export { adminAdmissionRoutes } from './seasons/admission.admin.routes.ts';
export { adminSeasonRoutes } from './seasons/season.admin.routes.ts';
export { adminPaymentRoutes } from './seasons/payment.admin.routes.ts';

// applications/
export {
  type ApplyRequest,
  type SentFile,
  createApplicationIntake,
} from './applications/application-intake.service.ts';
export { createApplicationOfficeService } from './applications/application-office.service.ts';
export { createPendingDocuments } from './applications/application-pending.ts';
export { createDocumentQueue } from './applications/document-queue.ts';
export { startDocumentPurges, startKeptFileSweeps } from './applications/document-purge-schedule.ts';
export {
  APPLICATION_PREFIX,
  applicationFiles,
  documentKeys,
  documentPrefix,
} from './applications/application-files.ts';
export type { ProcessedDocument } from './applications/application-documents.ts';
export { queueApplicationNotice } from './applications/application-notices.ts';
export { accessKeyHash, newAccessKey } from './applications/access-keys.ts';
export { adminApplicationRoutes } from './applications/application-office.admin.routes.ts';
export { adminKeptFilesRoutes } from './applications/kept-files.admin.routes.ts';

// entrance/
export { type AdmitCard, createEntranceService } from './entrance/entrance.service.ts';
export { adminEntranceRoutes } from './entrance/entrance.admin.routes.ts';

// results/
export { createMeritService } from './results/merit.service.ts';
export { createOfferVouchers } from './results/offer-vouchers.ts';
export { createResultsLookup } from './results/results-lookup.ts';
export { makeResultsNotice } from './results/results-notice.ts';
export { restoreApplication, restorePlan, withdrawalConsequence } from './results/freed-seats.ts';
export { byReference, undoPlan, undoWithdrawal } from './results/seat-undo.ts';
export { MOVED_CLOCK_TICK_MS, RESULTS_TICK_MS, startResultsSchedule } from './results/results-schedule.ts';
export { passListHtml } from './results/pass-list.ts';
export { adminMeritRoutes, publicResultsRoutes } from './results/results.routes.ts';
