import { Link } from 'wouter';

interface SignedOutNoticeProps {
  /** Already translated. */
  message: string;
  loginLabel: string;
  loginHref: string;
}

/** An account action reached while logged out: say why nothing can be done, and offer to log in. */
export function SignedOutNotice({ message, loginLabel, loginHref }: SignedOutNoticeProps) {
  return (
    <div className="stack">
      <p>{message}</p>
      <Link href={loginHref} className="btn btn--block">
        {loginLabel}
      </Link>
    </div>
  );
}
