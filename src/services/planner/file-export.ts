/** Saves text as a file the browser downloads (the export of a timetable). */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The browser's print dialog (the printable timetable view). */
export function printPage(): void {
  window.print();
}
