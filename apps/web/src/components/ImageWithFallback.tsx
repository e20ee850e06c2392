import { useState, type ImgHTMLAttributes } from 'react';
import { imageUrl } from './image-url';

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** A stored image name or a URL; see imageUrl(). */
  src: string | null | undefined;
  alt: string;
}

/** An image that shows a 'No Image' placeholder when the source is missing or fails to load. */
export function ImageWithFallback({ src, alt, className = '', ...rest }: ImageWithFallbackProps) {
  const url = imageUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  if (!url || failedUrl === url) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt} (no image)` : 'No Image'}
        className={`flex items-center justify-center bg-cream text-xs font-medium tracking-widest text-taupe uppercase ${className}`}
      >
        <span aria-hidden="true">No Image</span>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => setFailedUrl(url)}
      {...rest}
    />
  );
}
