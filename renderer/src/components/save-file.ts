/**
 * Saves `parts` as a file named `name`, through a Blob URL and an `<a download>`: no round trip to the
 * host, and the browser joins the parts, so a large export is never built as one string in the page.
 * The anchor is attached while it is clicked (Firefox ignores a click on a detached one), and the URL
 * lives on a while after, since the download starts asynchronously.
 */
export function saveFile(name: string, parts: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
