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
import { adminCalendarRoutes } from './calendar/calendar.admin.routes.ts';
import { adminTwoFactorRoutes } from './auth/two-factor/two-factor.admin.routes.ts';
import { adminContentRoutes } from './content/content.admin.routes.ts';
import { adminDemoRoutes } from './demo/demo.admin.routes.ts';
import { adminContentUploadRoutes } from './content/content.uploads.routes.ts';
import { adminAlbumsRoutes } from './images/albums.admin.routes.ts';
import { adminImagesRoutes } from './images/images.admin.routes.ts';
import { adminInquiriesRoutes } from './inquiries/inquiries.admin.routes.ts';
import { adminAttachmentsRoutes } from './notices/attachments/attachments.admin.routes.ts';
import { adminNoticesRoutes } from './notices/notices.admin.routes.ts';
import { adminAccountRoutes } from './staff/account.admin.routes.ts';
import { adminSearchRoutes } from './search/search.admin.routes.ts';
import { adminStaffRoutes } from './staff/staff.admin.routes.ts';
import { adminVitalsRoutes } from './vitals/vitals.admin.routes.ts';

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
