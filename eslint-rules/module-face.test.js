import { ruleTester, at } from './rule-tester.js';
import rule from './module-face.js';

ruleTester.run('module-face', rule, {
  valid: [
    {
      code: "import { createMeritService } from '#server/modules/admission/index.ts';",
      filename: at('server/services.ts'),
    },
    {
      code: "import { createMeritService } from './modules/admission/index.ts';",
      filename: at('server/services.ts'),
    },
    {
      code: "import type { AdmitCard } from '#server/modules/admission/index.ts';",
      filename: at('app/lib/admit-card.server.ts'),
    },
    // Inside admission, one room imports another's file directly.
    {
      code: "import { queueApplicationNotice } from '#server/modules/admission/applications/application-notices.ts';",
      filename: at('server/modules/admission/results/offer-vouchers.ts'),
    },
    {
      code: "import { listSeasonPayments } from '../seasons/season.repository.ts';",
      filename: at('server/modules/admission/applications/application-intake.service.ts'),
    },
    // A test elsewhere may use admission's test app.
    {
      code: "import { createIntakeTestApp } from '#server/modules/admission/applications/application-intake.test-app.ts';",
      filename: at('server/modules/outbox/public-messages.test.ts'),
    },
    // Every module has its face, not only admission.
    {
      code: "import { createNoticesService } from './modules/notices/index.ts';",
      filename: at('server/services.ts'),
    },
    {
      code: "import { enqueue } from '../outbox/index.ts';",
      filename: at('server/modules/staff/staff.service.ts'),
    },
    // Inside a module without rooms, its files import each other directly.
    {
      code: "import { findAlbum } from './albums.repository.ts';",
      filename: at('server/modules/images/albums.service.ts'),
    },
    // A test elsewhere may use any module's test app.
    {
      code: "import { createNoticesTestApp } from '#server/modules/notices/notices.test-app.ts';",
      filename: at('tests/ops/notices.test.ts'),
    },
    { code: "import { z } from 'zod';", filename: at('server/modules/media/media.routes.ts') },
  ],
  invalid: [
    {
      code: "import { createMeritService } from '#server/modules/admission/results/merit.service.ts';",
      filename: at('server/services.ts'),
      errors: [
        {
          messageId: 'behind',
          data: { imported: 'server/modules/admission/results/merit.service.ts', module: 'admission' },
        },
      ],
    },
    {
      code: "import { adminSeasonRoutes } from './admission/seasons/season.admin.routes.ts';",
      filename: at('server/modules/admin-routes.ts'),
      errors: [{ messageId: 'behind' }],
    },
    {
      code: "import type { ApplyRequest } from '#server/modules/admission/applications/application-intake.service.ts';",
      filename: at('app/lib/application.server.ts'),
      errors: [{ messageId: 'behind' }],
    },
    {
      code: "import { applicationFiles } from '../admission/applications/application-files.ts';",
      filename: at('server/modules/media/file-owners.ts'),
      errors: [{ messageId: 'behind' }],
    },
    {
      code: "export { passListHtml } from '#server/modules/admission/results/pass-list.ts';",
      filename: at('server/test-support/pass-list.ts'),
      errors: [{ messageId: 'behind' }],
    },
    {
      code: "const { processDocument } = await import('#server/modules/admission/applications/application-documents.ts');",
      filename: at('server/modules/images/photo-process.child.ts'),
      errors: [{ messageId: 'behind' }],
    },
    // Every folder under server/modules/ is faced: a module other than admission, by alias, relative path or
    // from a test.
    {
      code: "import { createNoticesService } from './modules/notices/notices.service.ts';",
      filename: at('server/services.ts'),
      errors: [
        {
          messageId: 'behind',
          data: { imported: 'server/modules/notices/notices.service.ts', module: 'notices' },
        },
      ],
    },
    {
      code: "import { enqueue } from '../outbox/outbox.ts';",
      filename: at('server/modules/staff/staff.service.ts'),
      errors: [{ messageId: 'behind', data: { imported: 'server/modules/outbox/outbox.ts', module: 'outbox' } }],
    },
    {
      code: "import { totpCode } from '#server/modules/auth/two-factor/totp.ts';",
      filename: at('tests/ops/upgrade-from-releases.test.ts'),
      errors: [{ messageId: 'behind', data: { imported: 'server/modules/auth/two-factor/totp.ts', module: 'auth' } }],
    },
    // A test app is for tests only, not for the server.
    {
      code: "import { createIntakeTestApp } from '#server/modules/admission/applications/application-intake.test-app.ts';",
      filename: at('server/modules/outbox/outbox-sender.ts'),
      errors: [{ messageId: 'behind' }],
    },
  ],
});
