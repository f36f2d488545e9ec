/**
 * Hands a fetched file to the browser as a download. Files behind the bearer token cannot be plain
 * links (a link sends no Authorization header), so they are fetched first and saved from memory.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task, after the browser has started the download from it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
