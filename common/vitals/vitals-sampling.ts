/**
 * The part of real-user measurement that every public page carries (app/lib/enhance/vitals-start.ts, in the
 * site script): kept apart from vitals.ts so the first-load JavaScript holds only these few lines.
 */

/** Share of page loads that report their vitals (0..1): enough for a 75th percentile, half the traffic. */
export const VITALS_SAMPLE_RATE = 0.5;

/**
 * A route pattern from the matched route's pathname and params: `/notices` stays, a parameter's value
 * becomes `:name`, and the splat becomes `*`, so no visitor-typed path reaches the server.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  let pattern = pathname;
  const splat = params['*'];
  if (splat !== undefined && splat !== '' && pattern.endsWith(splat)) {
    pattern = `${pattern.slice(0, pattern.length - splat.length)}*`;
  } else if (splat !== undefined && splat !== '') {
    // The path was not decoded the same way as the param: say only that it was some unknown page.
    return '/*';
  }
  for (const [name, value] of Object.entries(params)) {
    if (name === '*' || !value) continue;
    pattern = pattern
      .split('/')
      .map((segment) => (segment === value ? `:${name}` : segment))
      .join('/');
  }
  return pattern.length > 1 ? pattern.replace(/\/+$/u, '') : pattern;
}
