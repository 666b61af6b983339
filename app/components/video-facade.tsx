import { useState } from 'react';
import { motion } from '#app/lib/motion.ts';
import { PlayIcon } from './site-icons.tsx';

/**
 * A click-to-load video: until the visitor presses "Play video" the page shows a drawn poster and makes no
 * request to the video host. Nothing is shown when no address is configured.
 */
export function VideoFacade({ embedUrl, title }: { embedUrl: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (!embedUrl) return null;
  const src = `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
  return (
    <div className="video-facade">
      {playing ? (
        <iframe
          className={motion.fadeIn}
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className={`video-facade__button ${motion.tap}`} onClick={() => setPlaying(true)}>
          <span className="video-facade__icon">
            <PlayIcon />
          </span>
          <span>Play video</span>
        </button>
      )}
    </div>
  );
}
