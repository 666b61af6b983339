import { useSearchParams } from 'react-router';
import { motion } from '#app/lib/motion.ts';
import { FacadeButton } from './facade-button.tsx';
import { PlayIcon } from './site-icons.tsx';

/**
 * A click-to-load video: until the visitor presses "Play video" the page shows a drawn poster and makes no
 * request to the video host. The button works without script (a GET form: the page comes back with the
 * player in place); app/lib/enhance/facades.ts loads the player from the inert <template> where it is
 * instead. Nothing is shown when no address is configured.
 */
export function VideoFacade({ embedUrl, title, playLabel }: { embedUrl: string; title: string; playLabel: string }) {
  const [searchParams] = useSearchParams();
  if (!embedUrl) return null;
  const player = (
    <iframe
      className={motion.fadeIn}
      src={`${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
  const playing = searchParams.get('video') === 'play';
  return (
    <div id="video" className="video-facade" data-facade>
      {playing ? (
        player
      ) : (
        <>
          <div className="video-facade__placeholder" data-facade-placeholder>
            <FacadeButton anchor="video" name="video" value="play" className={`video-facade__button ${motion.tap}`}>
              <span className="video-facade__icon">
                <PlayIcon />
              </span>
              <span>{playLabel}</span>
            </FacadeButton>
          </div>
          <template data-facade-embed>{player}</template>
        </>
      )}
    </div>
  );
}
