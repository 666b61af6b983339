import { Form, data, useActionData } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { demoTotal, describeDemoCounts } from '#common/demo.ts';
import { FirstOwnerSchema, SetPasswordSchema } from '#common/staff.ts';
import { AdminField } from '#app/components/admin/admin-field.tsx';
import { NewPasswordField } from '#app/components/admin/new-password-field.tsx';
import { fieldErrorsOf, formText, formValues } from '#app/lib/admin-form.ts';
import { CORRECT_FIELDS } from '#app/lib/admin-messages.ts';
import { type WriteResult, formRefused } from '#app/lib/form-result.ts';
import { withPasswordFields } from '#app/lib/admin-staff-writes.server.ts';
import { staffMeta } from '#app/lib/admin-meta.ts';
import { staffCollegeName } from '#app/lib/college-name.server.ts';
import '#app/styles/admin.css';
import '#app/styles/admin-staff.css';
import type { Route } from './+types/welcome';

export const meta: Route.MetaFunction = ({ data }) => staffMeta('Set your password', data?.collegeName);

/** The link is a credential: never kept by a cache. */
export const headers = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

/** What the link is for, or why it cannot be used (used, expired, replaced). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const collegeName = await staffCollegeName(context);
  try {
    const link = await context.services.staff.inspectLink(params.token);
    // The first owner chooses whether the site starts empty, while the demo is still there to remove.
    const demoLeft = link.purpose === 'first-owner' ? await context.services.demo.left() : 0;
    return { collegeName, link, demoLeft, invalid: null };
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal?.code !== 'link/invalid') throw err;
    return data({ collegeName, link: null, demoLeft: 0, invalid: refusal.message }, { status: 410 });
  }
}

const PASSWORD_SET = 'You can sign in now with your e-mail address and the password you chose.';

/** The first owner's choice: the radio's name and its value for 'Start empty'. */
const DEMO_CHOICE = 'demo';
const START_EMPTY = 'remove';

/**
 * Sets the password of the link's account, or creates the first owner; a plain form, no script needed. It
 * answers as every form does (app/lib/form-result.ts): a message, each refused field's error, what was typed.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await context.readForm(request);
  const input = { name: formText(form, 'name'), email: formText(form, 'email'), password: formText(form, 'password') };
  const { staff } = context.services;
  const firstOwner = (await staff.inspectLink(params.token).catch(() => null))?.purpose === 'first-owner';
  const fieldErrors = firstOwner
    ? fieldErrorsOf(FirstOwnerSchema, input)
    : fieldErrorsOf(SetPasswordSchema, { password: input.password });
  // What was typed comes back with a refusal; the password never does.
  const values = formValues(form);
  const correct = { code: 'validation', message: CORRECT_FIELDS };
  if (fieldErrors) return data<WriteResult>(formRefused(correct, { fieldErrors, values }), { status: 400 });
  try {
    let ownerId: string | undefined;
    const outcome = await withPasswordFields(async () => {
      if (firstOwner)
        ownerId = await staff.createFirstOwner(params.token, FirstOwnerSchema.parse(input), context.clientIp);
      else await staff.setPasswordWithLink(params.token, input.password, context.clientIp);
      return undefined;
    });
    if (outcome && 'fieldErrors' in outcome) {
      return data<WriteResult>(formRefused(correct, { fieldErrors: outcome.fieldErrors, values }), { status: 400 });
    }
    if (ownerId && form.get(DEMO_CHOICE) === START_EMPTY) {
      const owner = { kind: 'account', id: ownerId, name: input.name, address: context.clientIp } as const;
      // The account exists whatever happens here: a failed removal is only reported, and can be done later.
      const what = await context.services.demo.removeAsNewAccount(owner).then(
        (removed) => (demoTotal(removed) > 0 ? `The demo content is removed (${describeDemoCounts(removed)}). ` : ''),
        () => 'The demo content could not be removed now: remove it from the setup list on Today. ',
      );
      return data<WriteResult>({ ok: true, message: `${what}${PASSWORD_SET}` });
    }
    return data<WriteResult>({ ok: true, message: PASSWORD_SET });
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    return data<WriteResult>(formRefused(refusal, { values }), { status: refusal.status });
  }
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as WriteResult | undefined;
  const { collegeName, link, demoLeft, invalid } = loaderData;
  if (answer?.ok) {
    return (
      <WelcomeFrame collegeName={collegeName} title="Your password is set">
        <p role="status">{answer.message}</p>
        <p>
          <a className="button button--primary" href="/login">
            Go to sign in
          </a>
        </p>
      </WelcomeFrame>
    );
  }
  if (!link) {
    return (
      <WelcomeFrame collegeName={collegeName} title="This link cannot be used">
        <p role="alert">{invalid}</p>
        <p>
          <a href="/login">Go to sign in</a>
        </p>
      </WelcomeFrame>
    );
  }
  const firstOwner = link.purpose === 'first-owner';
  const refused = answer && !answer.ok ? answer : undefined;
  const errors: Record<string, string | undefined> = refused?.fieldErrors ?? {};
  return (
    <WelcomeFrame collegeName={collegeName} title={firstOwner ? 'Create the first owner' : 'Set your password'}>
      <p>
        {firstOwner
          ? 'Nobody can sign in to this new site yet. The account you make here is its owner: it manages staff accounts and reads the audit log.'
          : `Choose the password for ${link.name ? `${link.name} (${link.email})` : link.email}. This link works once.`}
      </p>
      {refused ? (
        <p className="write-status write-status--refused" role="alert">
          {refused.message}
        </p>
      ) : null}
      <Form method="post" className="staff-add__form">
        {firstOwner ? (
          <>
            <AdminField label="Your name" error={errors.name}>
              {(control) => (
                <input
                  {...control}
                  name="name"
                  autoComplete="name"
                  defaultValue={refused?.values?.name ?? ''}
                  required
                />
              )}
            </AdminField>
            <AdminField label="E-mail address" hint="You sign in with it." error={errors.email}>
              {(control) => (
                <input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="username"
                  defaultValue={refused?.values?.email ?? ''}
                  required
                />
              )}
            </AdminField>
          </>
        ) : (
          <input type="hidden" name="email" autoComplete="username" value={link.email} />
        )}
        <NewPasswordField error={errors.password} note="A few unrelated words are easy to remember." />
        {firstOwner && demoLeft > 0 ? <DemoChoice startEmpty={refused?.values?.[DEMO_CHOICE] === START_EMPTY} /> : null}
        <button type="submit" className="button button--primary">
          {firstOwner ? 'Create owner' : 'Set password'}
        </button>
      </Form>
    </WelcomeFrame>
  );
}

/** 'Start empty' or 'Keep the demo': the demo stays unless the owner chooses otherwise (owners can remove it later). */
function DemoChoice({ startEmpty }: { startEmpty: boolean }) {
  return (
    <fieldset className="welcome-choice">
      <legend>The demo content</legend>
      <label className="welcome-choice__option">
        <input type="radio" name={DEMO_CHOICE} value={START_EMPTY} defaultChecked={startEmpty} />
        <span>
          <strong>Start empty</strong>: remove the demo notices and photos now, with the demo college&rsquo;s texts,
          people, address, phones and prospectus. Your college&rsquo;s name stays.
        </span>
      </label>
      <label className="welcome-choice__option">
        <input type="radio" name={DEMO_CHOICE} value="keep" defaultChecked={!startEmpty} />
        <span>
          <strong>Keep the demo to look around</strong>: remove it later from Today’s setup list.
        </span>
      </label>
    </fieldset>
  );
}

function WelcomeFrame({
  collegeName,
  title,
  children,
}: {
  collegeName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <main className="welcome-page">
      <p className="welcome-page__brand">{collegeName ? `${collegeName} admin` : 'Site admin'}</p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
