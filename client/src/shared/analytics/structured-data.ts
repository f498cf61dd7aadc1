import { useEffect } from 'react';

/**
 * Puts one JSON-LD block (schema.org structured data) in the page head while the component is mounted. A failure
 * is only logged with the spec's marker (part 1 §8): metadata must never break a page.
 */
export function useStructuredData(id: string, data: Record<string, unknown> | undefined): void {
  const json = data ? JSON.stringify(data) : undefined;
  useEffect(() => {
    if (!json) return;
    let script: HTMLScriptElement | undefined;
    try {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.dataset.structuredData = id;
      // "<" escaped so a value can never close the script element.
      script.textContent = json.replace(/</g, '\\u003c');
      document.head.appendChild(script);
    } catch (error) {
      console.error('SD ERROR', error);
    }
    return () => script?.remove();
  }, [id, json]);
}

/** The page's origin and path; empty in the build's prerendering, where only the effect would use them anyway. */
function here(): { origin: string; pathname: string } {
  return typeof window === 'undefined' ? { origin: '', pathname: '/' } : window.location;
}

/** The business (part 1 §2 "Structured search metadata"). */
export function businessData(aggregate?: { rating: number; count: number }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: 'FairDraw',
    description: 'Independent, certified random prize draws and free random number generators.',
    url: here().origin + '/',
    address: { '@type': 'PostalAddress', streetAddress: 'GPO Box', addressLocality: 'Sydney', addressRegion: 'NSW', postalCode: '2001', addressCountry: 'AU' },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    },
    priceRange: 'AUD 50 / USD 40',
    brand: [
      { '@type': 'Brand', name: 'FairDraw prize draws', description: 'One certified draw: AUD 50 / USD 40' },
      { '@type': 'Brand', name: 'FairDraw draw packs', description: 'Packs of draws: AUD 150-245' },
    ],
    ...(aggregate && aggregate.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: aggregate.rating.toFixed(1), reviewCount: aggregate.count, bestRating: '5', worstRating: '1' } }
      : {}),
  };
}

/** Tool metadata for the generators. */
export function toolData(name: string, description: string): Record<string, unknown> {
  const { origin, pathname } = here();
  return {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name,
    description,
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any (web browser)',
    url: origin + pathname,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
}
