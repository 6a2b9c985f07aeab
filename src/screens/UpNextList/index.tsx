import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePlaybackPositions } from '../../app/playback-positions-context';
import type { RouteParams } from '../../app/route-params';
import { useResource } from '../../app/use-resource';
import { EmptyState, Skeleton } from '../../ui/States';
import { useVideoIdQuery } from './player-path';
import { UpNextPanel } from './UpNextPanel';

/** docs/product.md §2 `upnextlist`: what follows the video in the query, or else the last video played. */
export default function UpNextListScreen({ titleKey }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  const queried = useVideoIdQuery();
  const positions = usePlaybackPositions();
  const { data: videoId, loading } = useResource(
    async (_api, params: { queried: string }) => params.queried || (await positions.loadLastPlayed()) || '',
    { queried },
  );

  let body: ReactNode;
  if (loading) body = <Skeleton label={t('upnext.loading')} rows={3} />;
  else if (!videoId) {
    body = (
      <EmptyState
        title={t('upnext.noVideoTitle')}
        message={t('upnext.noVideoMessage')}
        action={
          <Link href="/study-sections" className="btn">
            {t('upnext.browse')}
          </Link>
        }
      />
    );
  } else body = <UpNextPanel videoId={videoId} titled={false} />;

  return (
    <main className="page" id="main">
      <h1>{t(`routes.${titleKey}`)}</h1>
      {body}
    </main>
  );
}
