/**
 * Signs in through the API and saves the admission status unchanged: a real admin write, which moves the
 * content version on, so every page leaves the render cache, as a notice posted on results day would.
 */
export async function emptyRenderCache(baseUrl: string, email: string, password: string): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`Could not sign in to empty the render cache: ${login.status}`);
  const admission = (await (await fetch(`${baseUrl}/api/admission`)).json()) as { status: string };
  const saved = await fetch(`${baseUrl}/api/admin/admission`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ status: admission.status }),
  });
  await saved.arrayBuffer();
  if (saved.status !== 200)
    throw new Error(`Could not save the admission status to empty the render cache: ${saved.status}`);
}
