/** Hands a file to the browser as a download (the accountant's invoices, a dashboard table's CSV). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has surely started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
