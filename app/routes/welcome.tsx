import { Form, data, useActionData } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { demoTotal, describeDemoCounts } from '#common/demo.ts';
import { SetPasswordSchema } from '#common/staff.ts';
import { NewPasswordField } from '#app/components/admin/new-password-field.tsx';
import { DEMO_CHOICE, START_EMPTY } from '#app/components/first-run/demo-choice.tsx';
import { FirstRunForm } from '#app/components/first-run/first-run-form.tsx';
import { fieldErrorsOf, formText, formValues } from '#app/lib/admin-form.ts';
import { collegeFormValues } from '#app/lib/college-form.ts';
import { FIRST_RUN_LOGO } from '#app/lib/first-run-fields.ts';
import { fieldOfRefusal, readFirstRun } from '#app/lib/first-run.server.ts';
import { CORRECT_FIELDS } from '#app/lib/admin-messages.ts';
import { type WriteResult, formRefused } from '#app/lib/form-result.ts';
import { withPasswordFields } from '#app/lib/admin-staff-writes.server.ts';
import { staffMeta } from '#app/lib/admin-meta.ts';
import { staffCollegeName } from '#app/lib/college-name.server.ts';
import '#app/styles/admin.css';
import '#app/styles/admin-staff.css';
import type { Route } from './+types/welcome';

export const meta: Route.MetaFunction = ({ data }) =>
  staffMeta(data?.link?.purpose === 'first-owner' ? 'Set up your site' : 'Set your password', data?.collegeName);

/** The link is a credential: never kept by a cache. */
export const headers = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

/** What the link is for, or why it cannot be used (used, expired, replaced). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const collegeName = await staffCollegeName(context);
  try {
    const link = await context.services.staff.inspectLink(params.token);
    if (link.purpose !== 'first-owner') return { collegeName, link, setup: null, invalid: null };
    // The first run starts from what the college holds now (a name given by `npm run setup -- --name`), and
    // the owner chooses whether the site starts empty while the demo is still there to remove.
    const { version, updatedAt: _updatedAt, logo, ...college } = await context.services.content.get('college');
    const demo = await context.services.demo.leftByKind();
    const setup = {
      values: collegeFormValues(college, version),
      hasLogo: logo !== null,
      demoLeft: demoTotal(demo),
      demoWords: describeDemoCounts(demo),
    };
    return { collegeName, link, setup, invalid: null };
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal?.code !== 'link/invalid') throw err;
    return data({ collegeName, link: null, setup: null, invalid: refusal.message }, { status: 410 });
  }
}

const PASSWORD_SET = 'You can sign in now with your e-mail address and the password you chose.';
/** Names the first run's answer: after it the link is used, so the loader no longer knows it was one. */
const FIRST_RUN = 'first-run';

/**
 * Sets the password of the link's account, or creates the first owner; a plain form, no script needed. It
 * answers as every form does (app/lib/form-result.ts): a message, each refused field's error, what was typed.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await context.readForm(request);
  const firstOwner =
    (await context.services.staff.inspectLink(params.token).catch(() => null))?.purpose === 'first-owner';
  return firstOwner ? finishFirstRun(form, params.token, context) : setPassword(form, params.token, context);
}

const CORRECT = { code: 'validation', message: CORRECT_FIELDS };

/** What was typed comes back with a refusal; the password and the file never do. */
const typedValues = (form: FormData) => {
  const { password: _password, [FIRST_RUN_LOGO]: _logo, ...values } = formValues(form);
  return values;
};

/** The password of an account's link (a new account, or a reset). */
async function setPassword(form: FormData, token: string, context: Route.ActionArgs['context']) {
  const password = formText(form, 'password');
  const fieldErrors = fieldErrorsOf(SetPasswordSchema, { password });
  if (fieldErrors) return data<WriteResult>(formRefused(CORRECT, { fieldErrors }), { status: 400 });
  try {
    const outcome = await withPasswordFields(async () => {
      await context.services.staff.setPasswordWithLink(token, password, context.clientIp);
      return undefined;
    });
    if (outcome && 'fieldErrors' in outcome) {
      return data<WriteResult>(formRefused(CORRECT, { fieldErrors: outcome.fieldErrors }), { status: 400 });
    }
    return data<WriteResult>({ ok: true, message: PASSWORD_SET });
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    return data<WriteResult>(formRefused(refusal), { status: refusal.status });
  }
}

/**
 * The first run: every field is checked before anything is written; then the college, its logo and the
 * owner are saved together (server/modules/first-run), and 'Start empty' removes the demo as the new owner.
 */
async function finishFirstRun(form: FormData, token: string, context: Route.ActionArgs['context']) {
  const values = {
    ...typedValues(form),
    logoChosen: form.get(FIRST_RUN_LOGO) instanceof File && (form.get(FIRST_RUN_LOGO) as File).size > 0 ? 'yes' : '',
  };
  const read = await readFirstRun(form);
  if ('fieldErrors' in read)
    return data<WriteResult>(formRefused(CORRECT, { fieldErrors: read.fieldErrors, values }), { status: 400 });
  let ownerId: string;
  try {
    ownerId = await context.services.firstRun.finish(token, read.run, context.clientIp);
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const field = fieldOfRefusal(refusal.code);
    const fieldErrors = field ? { [field]: refusal.message } : undefined;
    return data<WriteResult>(formRefused(field ? CORRECT : refusal, { fieldErrors, values }), {
      status: refusal.status,
    });
  }
  const saved = 'Your college and your account are saved. ';
  if (form.get(DEMO_CHOICE) !== START_EMPTY)
    return data<WriteResult>({ ok: true, form: FIRST_RUN, message: `${saved}${PASSWORD_SET}` });
  const owner = { kind: 'account', id: ownerId, name: read.run.owner.name, address: context.clientIp } as const;
  // The removal is its own step (a transaction, then its files): a failure is reported, and it can be done later.
  const what = await context.services.demo.removeAsNewAccount(owner).then(
    (removed) => (demoTotal(removed) > 0 ? `The demo content is removed (${describeDemoCounts(removed)}). ` : ''),
    () => 'The demo content could not be removed now: remove it from the setup list on Today. ',
  );
  return data<WriteResult>({ ok: true, form: FIRST_RUN, message: `${saved}${what}${PASSWORD_SET}` });
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as WriteResult | undefined;
  const { collegeName, link, setup, invalid } = loaderData;
  if (answer?.ok) {
    const setUp = answer.form === FIRST_RUN;
    return (
      <WelcomeFrame collegeName={collegeName} title={setUp ? 'Your site is set up' : 'Your password is set'}>
        <p role="status">{answer.message}</p>
        <p>
          <a className="button button--primary" href="/login">
            Go to sign in
          </a>
        </p>
        {setUp ? (
          <p>
            <a href="/">See the home page</a>
          </p>
        ) : null}
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
  const refused = answer && !answer.ok ? answer : undefined;
  const errors: Record<string, string> = refused?.fieldErrors ?? {};
  const status = refused ? (
    <p className="write-status write-status--refused" role="alert">
      {refused.message}
    </p>
  ) : null;
  if (setup) {
    return (
      <WelcomeFrame collegeName={collegeName} title="Set up your site">
        <p>
          Nobody can sign in to this new site yet. Four short parts, about ten minutes: your college, its address, your
          owner account{setup.demoLeft > 0 ? ' and the demo content' : ''}. Everything can be changed later in the
          admin.
        </p>
        {status}
        <FirstRunForm
          values={refused?.values ?? setup.values}
          errors={errors}
          logoLost={refused?.values?.logoChosen === 'yes' && !errors[FIRST_RUN_LOGO]}
          hasLogo={setup.hasLogo}
          demoLeft={setup.demoLeft}
          demoWords={setup.demoWords}
        />
      </WelcomeFrame>
    );
  }
  return (
    <WelcomeFrame collegeName={collegeName} title="Set your password">
      <p>{`Choose the password for ${link.name ? `${link.name} (${link.email})` : link.email}. This link works once.`}</p>
      {status}
      <Form method="post" className="staff-add__form">
        <input type="hidden" name="email" autoComplete="username" value={link.email} />
        <NewPasswordField error={errors.password} note="A few unrelated words are easy to remember." />
        <button type="submit" className="button button--primary">
          Set password
        </button>
      </Form>
    </WelcomeFrame>
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
