import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import auFlag from 'flag-icons/flags/4x3/au.svg';
import caFlag from 'flag-icons/flags/4x3/ca.svg';
import euFlag from 'flag-icons/flags/4x3/eu.svg';
import gbFlag from 'flag-icons/flags/4x3/gb.svg';
import nzFlag from 'flag-icons/flags/4x3/nz.svg';
import usFlag from 'flag-icons/flags/4x3/us.svg';
import { COUNTRY_CODES, COUNTRY_NAMES, type CountryCode, countrySiteHref, currentCountry, EU_SISTER_SITE } from '../../../lib/countries';
import { pageHostname, useCurrentYear, useHostname } from '../../../lib/page-values';
import { useRouteLink } from '../../../lib/use-route-link';
import { useSiteConfigurationData } from '../../../api/site-api';
import { forgetCurrencyChoice } from '../../../lib/site/currency-cookie';
import classes from './site-footer.module.css';

// SVG flags from flag-icons (issue 27): emoji flags show as letter pairs on Windows and as boxes without an emoji
// font. Each is a small file the build inlines; the link's text names the country, so the image is decoration.
const FLAGS: Record<CountryCode, string> = { us: usFlag, au: auFlag, ca: caFlag, nz: nzFlag, uk: gbFlag };

function Flag({ src }: { src: string }) {
  return <img src={src} alt="" width={20} height={15} className={classes.flag} />;
}

/**
 * The version the server runs, from the site configuration: read here, so the configuration's arrival re-renders
 * this line, not the footer's links.
 */
function Credit() {
  const year = useCurrentYear();
  // The frame's own query (root-layout.tsx): the country of the address, known before the store has it.
  const { data: site } = useSiteConfigurationData({ country: currentCountry(useLocation().pathname, pageHostname()) });
  return (
    <Text size="xs" c="dimmed">
      © {year} FairDraw{site?.version ? ` · v${site.version}` : ''}
    </Text>
  );
}

/** Memoised: it changes with the location only, not with every re-render of the frame. */
export const SiteFooter = memo(function SiteFooter() {
  const link = useRouteLink();
  const hostname = useHostname();
  const groups = [
    {
      title: 'Product',
      links: [
        { label: 'Run a prize draw', to: link('home') },
        { label: 'Random number generator', to: link('randomNumberGenerator') },
        { label: 'Random sequence generator', to: link('randomSequenceGenerator') },
        { label: 'Look up a draw', to: link('lookup') },
        { label: 'API', to: link('api') },
      ],
    },
    {
      title: 'Company',
      links: [
        { label: 'About us', to: link('about') },
        { label: 'Compliance', to: link('compliance') },
        { label: 'Reviews', to: link('reviews') },
        { label: 'News', to: link('news') },
        { label: 'Contact us', to: link('contact') },
      ],
    },
    {
      title: 'Legal',
      links: [
        { label: 'Terms and conditions', to: link('terms') },
        { label: 'Privacy policy', to: link('privacy') },
        { label: 'Cookie policy', to: link('cookies') },
        { label: 'Screen-share mode', to: link('screenShareMode') },
      ],
    },
  ];
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text fw={800} fz="lg">
              FairDraw™
            </Text>
            <Text size="sm" c="dimmed">
              Independent, certified random prize draws you can verify.
            </Text>
          </Stack>
          {groups.map((group) => (
            <Stack key={group.title} gap={6} component="nav" aria-label={group.title}>
              <Text fw={700} size="sm">
                {group.title}
              </Text>
              {group.links.map((item) => (
                <Anchor key={item.label} component={Link} to={item.to} size="sm" c="gray.8">
                  {item.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom} gap="sm">
          <Group gap="xs" component="nav" aria-label="Country sites">
            {COUNTRY_CODES.map((code) => (
              <Anchor key={code} href={countrySiteHref(code, hostname)} size="sm" c="gray.8" className={classes.country} onClick={forgetCurrencyChoice} title={COUNTRY_NAMES[code]}>
                <Flag src={FLAGS[code]} /> {code.toUpperCase()} <span className={classes.countryName}>{COUNTRY_NAMES[code]}</span>
              </Anchor>
            ))}
            {/* The EU sister site: a separate service; same window, and the currency choice forgotten like the others. */}
            <Anchor href={EU_SISTER_SITE} size="sm" c="gray.8" className={classes.country} onClick={forgetCurrencyChoice} title="European Union (sister site)">
              <Flag src={euFlag} /> EU <span className={classes.countryName}>European Union</span>
            </Anchor>
          </Group>
          <Credit />
        </Group>
      </Container>
    </Box>
  );
});
