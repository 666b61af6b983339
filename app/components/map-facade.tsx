import { useSearchParams } from 'react-router';
import { mapPictureFor } from '#app/lib/fixed-pictures.ts';
import { motion } from '#app/lib/motion.ts';
import { oneLineAddress, useSiteContent } from '#app/lib/site-content.ts';
import { FacadeButton } from './facade-button.tsx';

/**
 * A click-to-load map: a drawn sketch until the visitor presses "Show map", so nobody talks to Google before
 * choosing to. The button works without script (a GET form: the page comes back with the map in place);
 * app/lib/enhance/facades.ts loads the map from the inert <template> where it is instead. "Open in Google
 * Maps" is a plain link (no request until followed).
 */
export function MapFacade() {
  const [searchParams] = useSearchParams();
  const { site, lang, t, ui } = useSiteContent();
  const { mapEmbedUrl, mapLinkUrl } = site.college;
  // A sketch of a place nobody has entered would point nowhere: without an address or a map, no map.
  if (site.college.addressLines.length === 0 && !mapEmbedUrl && !mapLinkUrl) return null;
  const mapPicture = mapPictureFor(site.college.name.en, site.college.addressLines[0]?.en ?? '');
  const map = mapEmbedUrl ? (
    <iframe
      className={motion.fadeIn}
      src={mapEmbedUrl}
      title={ui.contact.mapTitle(t(site.college.name), oneLineAddress(site, lang))}
      width={mapPicture.width}
      height={mapPicture.height}
      referrerPolicy="no-referrer-when-downgrade"
      allowFullScreen
    />
  ) : null;
  const shown = map !== null && searchParams.get('map') === 'show';
  return (
    <figure id="map" className="map-facade" data-facade>
      <div className="map-facade__frame">
        {shown ? (
          map
        ) : (
          <>
            <div className="map-facade__placeholder" data-facade-placeholder>
              <img src={mapPicture.src} alt={mapPicture.alt} width={mapPicture.width} height={mapPicture.height} />
              {map ? (
                <FacadeButton
                  anchor="map"
                  name="map"
                  value="show"
                  className={`btn btn--primary map-facade__button ${motion.tap}`}
                >
                  {ui.contact.showMap}
                </FacadeButton>
              ) : null}
            </div>
            {map ? <template data-facade-embed>{map}</template> : null}
          </>
        )}
      </div>
      <figcaption className="map-facade__caption">
        {map && !shown ? <span data-facade-note>{ui.contact.mapNote}</span> : null}
        {mapLinkUrl ? (
          <a href={mapLinkUrl} target="_blank" rel="noopener noreferrer">
            {ui.contact.openInMaps}
            <span className="sr-only">{ui.common.opensInNewTab}</span>
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}
