import { Form, data, useActionData, useParams } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { demoTotal } from '#common/demo.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import { SetPasswordSchema } from '#common/accounts/staff.ts';
import { NewPasswordField } from '#app/components/admin/new-password-field.tsx';
import { DEMO_CHOICE, START_EMPTY } from '#app/components/first-run/demo-choice.tsx';
import { FirstRunForm } from '#app/components/first-run/first-run-form.tsx';
import { fieldErrorsOf, formText, formValues } from '#app/lib/admin/admin-form.ts';
import { collegeFormValues } from '#app/lib/college-form.ts';
import { FIRST_RUN_LOGO } from '#app/lib/first-run-fields.ts';
import { fieldOfRefusal, readFirstRun } from '#app/lib/first-run.server.ts';
import { NEPALI_NOT_SAVED, nepaliRefusal } from '#app/lib/first-run-nepali.ts';
import { CORRECT_FIELDS } from '#app/lib/admin/admin-messages.ts';
import { type WriteResult, formRefused } from '#app/lib/form-result.ts';
import { withPasswordFields } from '#app/lib/admin/admin-staff-writes.server.ts';
import { staffMeta } from '#app/lib/admin/admin-meta.ts';
import { staffCollegeName } from '#app/lib/college-name.server.ts';
import '#app/styles/admin.css';
import '#app/styles/admin-staff.css';
import type { Route } from './+types/welcome';

export const meta: Route.MetaFunction = ({ data }) =>
  staffMeta(
    data?.link?.purpose === 'first-owner' ? interfaceText(data.lang).firstRun.pageTitle : 'Set your password',
    data?.collegeName,
  );

/**
 * The first run in Nepali is the link's address with `/ne` after it: a plain link switches it and the form
 * posts back to the address it was shown at, so it works without JavaScript. (A path, not a query: pages are
 * rendered without the query parameters no public page reads.) Any other language segment is no page.
 */
function languageOf(params: { lang?: string | undefined }): SiteLanguage {
  if (params.lang === undefined) return 'en';
  if (params.lang === 'ne') return 'ne';
  throw data(null, { status: 404 });
}

/** The link is a credential: never kept by a cache. */
export const headers = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

/** What the link is for, or why it cannot be used (used, expired, replaced). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = languageOf(params);
  // A Nepali page names the college in Nepali when it has a Nepali name.
  const nepaliName = lang === 'ne' ? (await context.services.content.get('college')).name.ne : '';
  const collegeName = nepaliName || (await staffCollegeName(context));
  try {
    const link = await context.services.staff.inspectLink(params.token);
    if (link.purpose !== 'first-owner') return { collegeName, lang, link, setup: null, invalid: null };
    // The first run starts from what the college holds now (a name given by `npm run setup -- --name`), and
    // the owner chooses whether the site starts empty while the demo is still there to remove.
    const { version, updatedAt: _updatedAt, logo, ...college } = await context.services.content.get('college');
    const demo = await context.services.demo.leftByKind();
    const setup = {
      values: collegeFormValues(college, version),
      hasLogo: logo !== null,
      demoLeft: demoTotal(demo),
      demoWords: interfaceText(lang).firstRun.demoWords(demo),
    };
    return { collegeName, lang, link, setup, invalid: null };
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal?.code !== 'link/invalid') throw err;
    const invalid = lang === 'ne' ? nepaliRefusal(refusal.code)! : refusal.message;
    return data({ collegeName, lang, link: null, setup: null, invalid }, { status: 410 });
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
  const lang = languageOf(params);
  const link = await context.services.staff.inspectLink(params.token).catch((err: unknown) => {
    if (refusalOf(err)?.code !== 'link/invalid') throw err;
    return null;
  });
  if (link?.purpose === 'first-owner') return finishFirstRun(form, params.token, context, lang);
  // The first run in Nepali, posted again after its link was used: the same refusal, in Nepali.
  if (!link && lang === 'ne') {
    const used = { code: 'link/invalid', message: nepaliRefusal('link/invalid')! };
    return data<WriteResult>(formRefused(used), { status: 410 });
  }
  return setPassword(form, params.token, context);
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
async function finishFirstRun(form: FormData, token: string, context: Route.ActionArgs['context'], lang: SiteLanguage) {
  const words = interfaceText(lang).firstRun;
  const correct = { code: 'validation', message: words.correctFields };
  const values = {
    ...typedValues(form),
    logoChosen: form.get(FIRST_RUN_LOGO) instanceof File && (form.get(FIRST_RUN_LOGO) as File).size > 0 ? 'yes' : '',
  };
  const read = await readFirstRun(form, lang);
  if ('fieldErrors' in read)
    return data<WriteResult>(formRefused(correct, { fieldErrors: read.fieldErrors, values }), { status: 400 });
  let ownerId: string;
  try {
    ownerId = await context.services.firstRun.finish(token, read.run, context.clientIp);
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const field = fieldOfRefusal(refusal.code);
    const message = lang === 'ne' ? (nepaliRefusal(refusal.code) ?? NEPALI_NOT_SAVED) : refusal.message;
    const fieldErrors = field ? { [field]: message } : undefined;
    return data<WriteResult>(formRefused(field ? correct : { ...refusal, message }, { fieldErrors, values }), {
      status: refusal.status,
    });
  }
  const { saved, signIn, demoRemoved, demoNotRemoved } = words.done;
  if (form.get(DEMO_CHOICE) !== START_EMPTY)
    return data<WriteResult>({ ok: true, form: FIRST_RUN, message: `${saved}${signIn}` });
  const owner = { kind: 'account', id: ownerId, name: read.run.owner.name, address: context.clientIp } as const;
  // The removal is its own step (a transaction, then its files): a failure is reported, and it can be done later.
  const what = await context.services.demo.removeAsNewAccount(owner).then(
    (removed) => (demoTotal(removed) > 0 ? demoRemoved(words.demoWords(removed)) : ''),
    () => demoNotRemoved,
  );
  return data<WriteResult>({ ok: true, form: FIRST_RUN, message: `${saved}${what}${signIn}` });
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as WriteResult | undefined;
  const { collegeName, lang, link, setup, invalid } = loaderData;
  const words = interfaceText(lang).firstRun;
  // Only the first run speaks Nepali; a staff member's own link is the admin's, in English.
  const inLang = lang === 'ne' && (setup !== null || (answer?.ok && answer.form === FIRST_RUN) || !link);
  const say = inLang ? words : interfaceText('en').firstRun;
  const frame = { collegeName, lang: inLang ? lang : ('en' as const) };
  if (answer?.ok) {
    const setUp = answer.form === FIRST_RUN;
    return (
      <WelcomeFrame {...frame} title={setUp ? say.done.title : 'Your password is set'}>
        <p role="status">{answer.message}</p>
        <p>
          <a className="button button--primary" href="/login">
            {say.done.goToSignIn}
          </a>
        </p>
        {setUp ? (
          <p>
            <a href={inLang ? '/ne' : '/'}>{say.done.seeHome}</a>
          </p>
        ) : null}
      </WelcomeFrame>
    );
  }
  if (!link) {
    return (
      <WelcomeFrame {...frame} title={say.linkUnusable}>
        <p role="alert">{invalid}</p>
        <p>
          <a href="/login">{say.done.goToSignIn}</a>
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
      <WelcomeFrame {...frame} title={words.pageTitle} switchLanguage>
        <p>{words.intro(setup.demoLeft > 0)}</p>
        {status}
        <FirstRunForm
          values={refused?.values ?? setup.values}
          errors={errors}
          logoLost={refused?.values?.logoChosen === 'yes' && !errors[FIRST_RUN_LOGO]}
          hasLogo={setup.hasLogo}
          demoLeft={setup.demoLeft}
          demoWords={setup.demoWords}
          words={words}
        />
      </WelcomeFrame>
    );
  }
  return (
    <WelcomeFrame collegeName={collegeName} lang="en" title="Set your password">
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
  lang,
  title,
  switchLanguage = false,
  children,
}: {
  collegeName: string;
  lang: SiteLanguage;
  title: string;
  /** The first run offers the other language, as a plain link (no script needed). */
  switchLanguage?: boolean;
  children: React.ReactNode;
}) {
  const { token } = useParams();
  const other: SiteLanguage = lang === 'en' ? 'ne' : 'en';
  return (
    <main className="welcome-page" lang={lang}>
      <p className="welcome-page__brand">{interfaceText(lang).firstRun.brand(collegeName)}</p>
      {switchLanguage ? (
        <p className="welcome-page__language">
          <a href={`/welcome/${token}${other === 'ne' ? '/ne' : ''}`} lang={other} hrefLang={other}>
            {interfaceText(lang).nav.otherLanguage}
          </a>
        </p>
      ) : null}
      <h1>{title}</h1>
      {children}
    </main>
  );
}
