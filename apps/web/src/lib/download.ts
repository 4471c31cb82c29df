/** A file the API made (groupExport.file, account.data): its name, type and text. */
export interface DownloadedFile {
  filename: string;
  contentType: string;
  content: string;
}

/** Hands a file to the browser's downloads: a Blob link, clicked once, then let go. */
export function saveFile({ filename, contentType, content }: DownloadedFile) {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
