import { useActionData, useNavigation } from 'react-router';
import { DeliveryLog } from '#app/components/admin/messages/delivery-log.tsx';
import { MessageSettingsForm } from '#app/components/admin/messages/message-settings-form.tsx';
import { SmsCostForm } from '#app/components/admin/messages/sms-cost-form.tsx';
import { SmtpSettingsForm } from '#app/components/admin/messages/smtp-settings-form.tsx';
import { TestEmailForm } from '#app/components/admin/messages/test-email-form.tsx';
import { TestSmsForm } from '#app/components/admin/messages/test-sms-form.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { MESSAGES_WRITES } from '#app/lib/admin/admin-messages-writes.server.ts';
import { MESSAGES_PAGE_SIZE } from '#common/messages.ts';
import '#app/styles/admin-messages.css';
import type { Route } from './+types/messages';
import { AdminPager } from '#app/components/admin/admin-pager.tsx';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('E-mail and SMS', matches);

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'messages.manage');
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1));
  const [settings, log] = await Promise.all([
    context.services.messages.settings(actor),
    context.services.messages.list(actor, page),
  ]);
  return { settings, ...log, page, ownEmail: actor.email };
}

export const action = (args: Route.ActionArgs) => adminAction(args, MESSAGES_WRITES);

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { settings, messages, total, page, ownEmail } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  // Each form posts its name in 'form': a refusal sends it back with the typed values, a success beside its message.
  const sentBy = result?.values?.form ?? (result?.ok ? result.form : undefined);
  const valuesOf = (intent: string) => (sentBy === intent ? result?.values : undefined);
  const errorsOf = (intent: string) => (sentBy === intent && result && !result.ok ? result.fieldErrors : undefined);
  const pages = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  return (
    <section className="admin-page" aria-labelledby="messages-title">
      <header className="admin-page__header">
        <div>
          <h1 id="messages-title">E-mail and SMS</h1>
          <p className="admin-page__lead">
            Every message the site sends waits in an outbox and is sent in the background, tried again with growing
            waits when a server is down. The delivery log below shows each one.
          </p>
        </div>
      </header>
      <WriteStatus result={result} />
      <div className="messages-grid">
        <SmtpSettingsForm
          key={sentBy === 'smtp' && result?.ok ? 'saved' : 'form'}
          smtp={settings.smtp}
          defaultMailFrom={settings.defaultMailFrom}
          values={valuesOf('smtp')}
          fieldErrors={errorsOf('smtp')}
          busy={busy}
        />
        <TestEmailForm
          emailReady={settings.emailReady}
          ownEmail={ownEmail}
          values={valuesOf('testEmail')}
          fieldErrors={errorsOf('testEmail')}
          busy={busy}
        />
        <MessageSettingsForm
          settings={settings}
          values={valuesOf('settings')}
          fieldErrors={errorsOf('settings')}
          busy={busy}
        />
        <TestSmsForm
          smsReady={settings.smsProvider !== '' && settings.smsTokenHint !== '' && !settings.smsTokenProblem}
          values={valuesOf('testSms')}
          fieldErrors={errorsOf('testSms')}
          busy={busy}
        />
        <SmsCostForm key={valuesOf('countSms')?.smsText ?? ''} values={valuesOf('countSms')} busy={busy} />
      </div>
      <h2 id="delivery-log-title" className="messages-log-title">
        Delivery log
      </h2>
      <p>
        {total} {total === 1 ? 'message' : 'messages'} in all.
      </p>
      <DeliveryLog messages={messages} busy={busy} />
      <AdminPager
        label="Pages of the delivery log"
        page={page}
        pageCount={pages}
        href={(n) => `/admin/messages?page=${n}`}
      />
    </section>
  );
}
