/**
 * The buyer's part of a redirect flow, done as a browser without JavaScript does it: open the approval
 * URL the API answered with, read the form the page shows (its hidden fields, with the CSRF token), and
 * submit it with the approve button. Answers where the page redirected the buyer (or the page itself
 * when the flow ends there).
 */
export async function approveInBrowser(approvalUrl: string): Promise<URL> {
  const page = await fetch(approvalUrl, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`approval page ${approvalUrl} answered ${page.status}`);
  const form = /<form method="post" action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form?.[1]) throw new Error(`no form on the approval page ${approvalUrl}`);
  const fields = new URLSearchParams();
  for (const input of form[2]?.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g) ?? [])
    fields.set(input[1] ?? '', unescapeHtml(input[2] ?? ''));
  fields.set('action', 'approve');
  const submitted = await fetch(new URL(unescapeHtml(form[1]), approvalUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: fields.toString(),
    redirect: 'manual',
  });
  // A flow whose resource names no return URL ends on a page of the sandbox itself.
  if (submitted.status === 200 && !(await submitted.clone().text()).includes('role="alert"'))
    return new URL(unescapeHtml(form[1]), approvalUrl);
  const location = submitted.headers.get('location');
  if (submitted.status !== 303 || !location) {
    throw new Error(`approving at ${approvalUrl} answered ${submitted.status}: ${await submitted.text()}`);
  }
  return new URL(location, approvalUrl);
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
