import { useState } from 'react';

/**
 * The first image of a resource's semicolon-separated list (O §3).
 *
 * @example
 * firstImage('a.jpg;b.jpg') // 'a.jpg'
 */
export function firstImage(list: string | null | undefined): string | undefined {
  const first = list?.split(';')[0]?.trim();
  return first ? first : undefined;
}

interface ResourceImageProps {
  readonly list: string | null | undefined;
  readonly width: number;
  readonly height: number;
  readonly eager?: boolean;
}

/** A resource thumbnail; a missing or broken image leaves a plain tile (the title says what it is). */
export function ResourceImage({ list, width, height, eager = false }: ResourceImageProps) {
  const [broken, setBroken] = useState(false);
  const src = firstImage(list);
  if (!src || broken) return <span className="thumb thumb-empty" style={{ width, height }} aria-hidden="true" />;
  return <img className="thumb" src={src} width={width} height={height} alt="" loading={eager ? 'eager' : 'lazy'} onError={() => setBroken(true)} />;
}
