import type { Book } from '../../../contract/books';
import { useBookDownload } from '../../app/use-book-download';
import { FileDownloadButton } from '../../ui/FileDownloadButton';

/** "Download for offline" for a book the student may read (it has a file URL): size first, then progress. */
export function BookDownload({ book }: { book: Book }) {
  if (!book.fileUrl) return null;
  return <BookDownloadFor key={book._id} book={{ ...book, fileUrl: book.fileUrl }} />;
}

function BookDownloadFor({ book }: { book: Book & { fileUrl: string } }) {
  const download = useBookDownload(book);
  return (
    <FileDownloadButton
      view={download.view}
      confirmKey="books.downloadConfirm"
      onRequest={download.request}
      onConfirm={download.confirm}
      onCancel={download.cancel}
      onRetry={download.retry}
      onRemove={download.remove}
    />
  );
}
