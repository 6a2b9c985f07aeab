import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import type { RouteParams } from '../../app/route-params';
import { EmptyState } from '../../ui/States';
import { useVideoIdQuery } from '../UpNextList/player-path';
import { PlayerScreen } from './PlayerScreen';

/** `#/video-player?videoId=<id>`: a new id starts a new player (its own machine, its own position). */
export default function VideoPlayerScreen({ titleKey }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const userId = useSelector(session, (s) => selectUser(s)?.id ?? '');
  const videoId = useVideoIdQuery();

  if (!videoId) {
    return (
      <main className="page" id="main">
        <h1>{t(`routes.${titleKey}`)}</h1>
        <EmptyState
          title={t('player.missingTitle')}
          message={t('player.missingMessage')}
          action={
            <Link href="/study-sections" className="btn">
              {t('player.goToSubjects')}
            </Link>
          }
        />
      </main>
    );
  }
  return <PlayerScreen key={`${videoId}|${userId}`} videoId={videoId} userId={userId} />;
}
