import { useEffect, useRef, useState } from 'react';
import { LOGO_WIDTH_PX } from '../../../../shared/constants.ts';

const DEFAULT_LOGO_URL = '/default-logo.jpg';

/**
 * logo/{companyId}.jpg at 74 px (spec §2, §9). Reports when it has loaded, or fell back to the
 * default logo after an error, so the page can keep its full-page spinner until then.
 */
export function CompanyLogo({
  companyId,
  alt,
  onSettled,
}: {
  companyId: string;
  alt: string;
  onSettled: () => void;
}) {
  const [src, setSrc] = useState(`/logo/${encodeURIComponent(companyId)}.jpg`);
  const imageRef = useRef<HTMLImageElement>(null);

  const fallBack = () => {
    if (src !== DEFAULT_LOGO_URL) setSrc(DEFAULT_LOGO_URL);
    else onSettled();
  };

  // A cached image, or one in the server's HTML, can load or fail before React attaches its handlers.
  useEffect(() => {
    const image = imageRef.current;
    if (!image?.complete) return;
    if (image.naturalWidth > 0) onSettled();
    else fallBack();
  }, [onSettled]);

  return (
    <img
      ref={imageRef}
      className="company-logo"
      src={src}
      alt={alt}
      width={LOGO_WIDTH_PX}
      height={LOGO_WIDTH_PX}
      onLoad={onSettled}
      onError={fallBack}
    />
  );
}
