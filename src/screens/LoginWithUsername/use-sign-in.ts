import type { AuthResponse } from '../../../contract/users';
import { useAppActors } from '../../app/actors-context';
import { returnPath } from './return-path';
import { useQuery } from './use-query';

/** What every successful login does: store the session, then go where the student was going. */
export function useSignInAndReturn(): (answer: AuthResponse) => void {
  const { signIn, navigate } = useAppActors();
  const query = useQuery();
  return (answer) => {
    signIn(answer.token, answer.user);
    // The trailing '?' empties the query wouter's hash navigation left in the URL (`next`, `note`), so
    // neither is applied again at a later login in this tab.
    navigate(`${returnPath(query)}?`);
  };
}
