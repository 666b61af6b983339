import { useState } from 'react';
import { college, links } from '#content/college.ts';
import { mapPicture } from '#content/pictures.ts';
import { motion } from '#app/lib/motion.ts';

/**
 * A click-to-load map: a drawn sketch until the visitor presses "Show map", so nobody talks to Google before
 * choosing to. "Open in Google Maps" is a plain link (no request until followed).
 */
export function MapFacade() {
  const [shown, setShown] = useState(false);
  return (
    <figure className="map-facade">
      <div className="map-facade__frame">
        {shown && links.mapEmbed ? (
          <iframe
            className={motion.fadeIn}
            src={links.mapEmbed}
            title={`Google map: ${college.name}, ${college.address.oneLine}`}
            width={mapPicture.width}
            height={mapPicture.height}
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
        ) : (
          <>
            <img src={mapPicture.src} alt={mapPicture.alt} width={mapPicture.width} height={mapPicture.height} />
            {links.mapEmbed ? (
              <button
                type="button"
                className={`btn btn--primary map-facade__button ${motion.tap}`}
                onClick={() => setShown(true)}
              >
                Show map
              </button>
            ) : null}
          </>
        )}
      </div>
      <figcaption className="map-facade__caption">
        {links.mapEmbed && !shown ? (
          <span>The interactive map comes from Google and loads only when you ask for it. </span>
        ) : null}
        {links.mapLink ? (
          <a href={links.mapLink} target="_blank" rel="noopener noreferrer">
            Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}
