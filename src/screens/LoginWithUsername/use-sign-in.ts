import { useAppActors } from '../../app/actors-context';
import type { AuthResponse } from '../../services/api/types';
import { returnPath } from './return-path';
import { useQuery } from './use-query';

/** What every successful login does: store the session, then go where the student was going. */
export function useSignInAndReturn(): (answer: AuthResponse) => void {
  const { signIn, navigate } = useAppActors();
  const query = useQuery();
  return (answer) => {
    signIn(answer.token, answer.user);
    navigate(returnPath(query));
  };
}
