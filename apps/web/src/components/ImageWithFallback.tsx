import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { storedImageSrcSet } from '@zevar/domain';
import { imageUrl } from './image-url';

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** A stored image name or a URL; see imageUrl(). */
  src: string | null | undefined;
  alt: string;
  /**
   * The largest image of the page (LCP): loaded at once with high priority instead of lazily; the
   * server preloads the same srcset for shared pages.
   */
  priority?: boolean;
}

/**
 * An image that shows a 'No Image' placeholder when the source is missing or fails to load, also
 * when it failed before the app took over the server's markup (its error event came before React).
 */
export function ImageWithFallback({
  src,
  alt,
  className = '',
  priority = false,
  sizes,
  ...rest
}: ImageWithFallbackProps) {
  const url = imageUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    // Loading finished (a lazy image not yet requested is not complete) with no picture: broken.
    if (url && img?.complete && img.naturalWidth === 0) setFailedUrl(url);
  }, [url]);

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
      ref={image}
      src={url}
      srcSet={storedImageSrcSet(src)}
      // Without a layout hint the browser would pick by viewport width; cards pass their own.
      sizes={sizes ?? '100vw'}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
      onError={() => setFailedUrl(url)}
      {...rest}
    />
  );
}
