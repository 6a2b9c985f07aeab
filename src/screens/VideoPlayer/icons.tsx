// Small inline icons: no icon font to download, and they take the text colour.

/** One 24×24 path drawn at `size` pixels, hidden from screen readers (the button says what it does). */
function PathIcon({ size, path }: { size: number; path: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export function ThumbUpIcon() {
  return (
    <PathIcon
      size={20}
      path="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z"
    />
  );
}

export function ThumbDownIcon() {
  return (
    <PathIcon
      size={20}
      path="M22 3h-4v12h4V3ZM2 14a2 2 0 0 0 2 2h6.3l-1 4.6v.3c0 .4.2.8.4 1.1l1.1 1 6.6-6.6c.4-.4.6-.9.6-1.4V5a2 2 0 0 0-2-2H7c-.8 0-1.5.5-1.8 1.2l-3 7.1c-.1.2-.2.5-.2.7v2Z"
    />
  );
}

export function HeartIcon() {
  return (
    <PathIcon
      size={18}
      path="m12 21-1.5-1.3C5.4 15.1 2 12.1 2 8.4 2 5.4 4.4 3 7.4 3c1.7 0 3.4.8 4.6 2.1A6.2 6.2 0 0 1 16.6 3C19.6 3 22 5.4 22 8.4c0 3.7-3.4 6.7-8.5 11.3L12 21Z"
    />
  );
}

export function EyeIcon() {
  return (
    <PathIcon
      size={18}
      path="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2.4a1.6 1.6 0 1 0 0-3.2 1.6 1.6 0 0 0 0 3.2Z"
    />
  );
}
