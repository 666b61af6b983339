import { adminAuditRoutes } from '#server/audit/audit.admin.routes.ts';
import { adminBackupsRoutes } from '#server/backups/backups.admin.routes.ts';
import type { ApiPlugin } from '#server/http.ts';
import {
  adminAdmissionRoutes,
  adminApplicationRoutes,
  adminKeptFilesRoutes,
  adminEntranceRoutes,
  adminSeasonRoutes,
  adminPaymentRoutes,
  adminMeritRoutes,
} from '#server/modules/admission/index.ts';
import { adminCalendarRoutes } from './calendar/index.ts';
import { adminTwoFactorRoutes } from './auth/index.ts';
import { adminContentRoutes, adminContentUploadRoutes } from './content/index.ts';
import { adminDemoRoutes } from './demo/index.ts';
import { adminAlbumsRoutes, adminImagesRoutes } from './images/index.ts';
import { adminInquiriesRoutes } from './inquiries/index.ts';
import { adminAttachmentsRoutes, adminNoticesRoutes } from './notices/index.ts';
import { adminAccountRoutes, adminStaffRoutes } from './staff/index.ts';
import { adminSearchRoutes } from './search/index.ts';
import { adminVitalsRoutes } from './vitals/index.ts';

/**
 * Every admin API module, registered under /api/admin inside adminScope (server/auth/admin-scope.ts),
 * which requires a signed-in admin whose role allows what each route declares.
 */
export const adminRoutePlugins: ApiPlugin[] = [
  adminAdmissionRoutes,
  adminSeasonRoutes,
  adminPaymentRoutes,
  adminApplicationRoutes,
  adminEntranceRoutes,
  adminMeritRoutes,
  adminCalendarRoutes,
  adminNoticesRoutes,
  adminAttachmentsRoutes,
  adminImagesRoutes,
  adminAlbumsRoutes,
  adminInquiriesRoutes,
  adminVitalsRoutes,
  adminContentRoutes,
  adminContentUploadRoutes,
  adminAuditRoutes,
  adminTwoFactorRoutes,
  adminStaffRoutes,
  adminAccountRoutes,
  adminBackupsRoutes,
  adminKeptFilesRoutes,
  adminSearchRoutes,
  adminDemoRoutes,
];
