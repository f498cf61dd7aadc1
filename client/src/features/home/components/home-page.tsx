import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconDatabase, IconDice5, IconFingerprint, IconListNumbers, IconShieldCheck } from '@tabler/icons-react';
import { type ComponentType, memo, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { COUNTRY_NAMES, currentCountry } from '../../../lib/countries';
import { useAppSelector } from '../../../lib/hooks';
import { HydrateOnEngagement } from '../../../shared/hydrate-on-engagement';
import { pageHostname, useNumberLocale } from '../../../lib/page-values';
import { useRouteLink } from '../../../lib/use-route-link';
import { useSiteConfigurationData } from '../../../api/site-api';
import { useAnalytics } from '../../../shared/analytics/analytics-context';
import { businessData, useStructuredData } from '../../../shared/analytics/structured-data';
import { selectCountry } from '../../../lib/site/site-slice';
import { useSiteConfiguration } from '../../../lib/site/use-site-currency';
import { pricingOffers } from '../single-draw-offers';
import classes from './home-page.module.css';

const STEPS = [
  {
    icon: IconDatabase,
    title: 'Add your entries',
    text: 'Type the number of entries, or upload your entries file: CSV, TSV, TXT or ZIP, millions of rows, ticket counts and one win per entrant.',
  },
  {
    icon: IconFingerprint,
    title: 'We draw, with a sealed seed',
    text: 'Every draw gets a 256-bit seed from the operating system’s secure generator. Its fingerprint is published before the draw, the seed after it.',
  },
  {
    icon: IconCertificate,
    title: 'Anyone can verify it',
    text: 'The certificate names the winners, the file’s SHA-256 and the seed. Re-run the published algorithm and you get the same winners.',
  },
];

const REASONS = [
  { icon: IconShieldCheck, title: 'Fairness you can check', text: 'Exact, unbiased integer arithmetic; the algorithm and its test vectors are public.' },
  { icon: IconListNumbers, title: 'Built for big promotions', text: 'Files of 300 MB and millions of entries, weighted by tickets, with reserves for every prize.' },
  { icon: IconDice5, title: 'Free tools', text: 'Random numbers from 0 to 10¹⁸ and random sequences, up to a million results, exportable.' },
];

/** "in the United States", "in Australia". */
function withArticle(countryName: string): string {
  return countryName.startsWith('United ') ? `the ${countryName}` : countryName;
}

/**
 * How it works, why FairDraw and the reviews: nothing in them comes from home's data, so they are left as hydrated
 * when home re-renders for the site configuration (memoised).
 */
const AboutSections = memo(function AboutSections({ Reviews }: { Reviews: ComponentType }) {
  return (
    <>
      <Box component="section" id="how-it-works" aria-labelledby="how-it-works-title" className={classes.band}>
        <Container size="lg" py={56}>
          <Title order={2} id="how-it-works-title" mb="xl">
            How a FairDraw draw works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {STEPS.map((step, index) => (
              <Card key={step.title} withBorder radius="lg" padding="lg">
                <Group gap="sm" mb="sm" wrap="nowrap">
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                    <step.icon size={22} />
                  </ThemeIcon>
                  <Text fw={700}>
                    {index + 1}. {step.title}
                  </Text>
                </Group>
                <Text size="sm" c="gray.8">
                  {step.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={56} component="section" aria-labelledby="why-title">
        <Title order={2} id="why-title" mb="xl">
          Why marketing teams and lawyers choose FairDraw
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {REASONS.map((reason) => (
            <Stack key={reason.title} gap="xs">
              <ThemeIcon size={44} radius="xl" aria-hidden>
                <reason.icon size={24} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {reason.title}
              </Text>
              <Text c="gray.8">{reason.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={56}>
        <Reviews />
      </Container>
    </>
  );
});

/*
 * Home's data (the site configuration) is read by the small parts that show it, not by the page: when it arrives,
 * only they re-render, in the long task that follows the answer.
 */

/** The hero's sentence, with the country site's name: known before the configuration arrives, so it keeps its length. */
function HeroSentence() {
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  const { pathname } = useLocation();
  const countryName = site?.countryName ?? COUNTRY_NAMES[currentCountry(pathname, pageHostname())];
  return (
    <Text size="xl" c="gray.8">
      FairDraw runs independent, certified draws for competitions, giveaways, sweepstakes and trade promotions
      {` in ${withArticle(countryName)}`}, and hands you a certificate anyone can verify.
    </Text>
  );
}

/** The rating under the hero, and the business's structured data with it (part 1 §1, §2). */
function RatingLine() {
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  useStructuredData('business', site ? businessData(site.reviewSummary) : undefined);
  // The line keeps its height while the configuration loads, so the wizard below does not jump.
  return (
    <Text size="sm" c="dimmed" mih="1.55em">
      {site && site.reviewSummary.count > 0 ? `Rated ${site.reviewSummary.rating.toFixed(1)} from ${site.reviewSummary.count} ${site.reviewSummary.count === 1 ? 'review' : 'reviews'}` : ''}
    </Text>
  );
}

/** The prices, in the currency in force (the visitor's pick in the header, else the country site's); ?pricing scrolls here. */
function Pricing() {
  const link = useRouteLink();
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  const { data: priced } = useSiteConfiguration();
  // The home page of each country site is rendered on the server with its prices (issue 27): formatted there and
  // while hydrating in one locale, then in the visitor's.
  const locale = useNumberLocale();
  const offers = priced ? pricingOffers(priced.prices, locale) : undefined;
  const winnersLimit = site ? new Intl.NumberFormat(locale).format(site.winnersLimit) : undefined;
  const [searchParams] = useSearchParams();
  const pricingRef = useRef<HTMLElement>(null);
  const wantsPricing = searchParams.has('pricing');

  useEffect(() => {
    if (wantsPricing) pricingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [wantsPricing]);

  return (
    <Box component="section" id="pricing" ref={pricingRef} aria-labelledby="pricing-title" className={classes.band}>
      <Container size="lg" py={56}>
        <Title order={2} id="pricing-title" mb="xs">
          Pricing
        </Title>
        <Text c="gray.8" mb="xl">
          Pay per draw, or buy credits in packs of 10 or 100 and save.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Card withBorder radius="lg" padding="xl">
            <Text fw={700}>Demo draw</Text>
            <Text fz={36} fw={800}>
              Free
            </Text>
            <Text size="sm" c="gray.8">
              Try the whole process with up to 10 prizes, drawn within 15 minutes.
            </Text>
          </Card>
          <Card withBorder radius="lg" padding="xl" className={classes.featured}>
            <Text fw={700}>Certified draw</Text>
            {offers ? (
              <Text fz={36} fw={800}>
                {offers.single}
              </Text>
            ) : (
              <Skeleton h={54} w={120} my={2} />
            )}
            <List size="sm" spacing={4} c="gray.8">
              <List.Item>Certificate anyone can verify</List.Item>
              {offers && <List.Item>{`Or buy credits: 10 for ${offers.ten}, 100 for ${offers.hundred}`}</List.Item>}
              <List.Item>{winnersLimit ? `Up to ${winnersLimit} winners` : 'Winners and reserves for every prize'}</List.Item>
              <List.Item>{site ? `Entries files up to ${site.uploadLimitMb} MB` : 'Large entries files'}</List.Item>
            </List>
          </Card>
          <Card withBorder radius="lg" padding="xl">
            <Text fw={700}>Random number tools</Text>
            <Text fz={36} fw={800}>
              Free
            </Text>
            <Text size="sm" c="gray.8">
              No account needed.{' '}
              <Link to={link('randomSequenceGenerator')} className={classes.inlineLink}>
                Shuffle a sequence
              </Link>
            </Text>
          </Card>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/**
 * The wizard's first step is a page view (part 1 §2) as soon as home shows it: here, not in the wizard, whose
 * hydration waits for the visitor's first input.
 */
function WizardFirstStepView() {
  const analytics = useAnalytics();
  useEffect(() => {
    analytics.pageView('/details', 'Draw wizard: details');
  }, [analytics]);
  return null;
}

/** What home shows of other features, given by the app's route (app/routes/home-page.tsx): features do not import each other. */
export interface HomeParts {
  Notices: ComponentType;
  Wizard: ComponentType;
  Reviews: ComponentType;
}

export default function HomePage({ Notices, Wizard, Reviews }: HomeParts) {
  const link = useRouteLink();
  return (
    <>
      <Notices />
      <Container size="lg" py={{ base: 40, sm: 80 }}>
        <Stack gap="lg" maw={720}>
          <Badge variant="light" size="lg" w="fit-content">
            Independent · Certified · Verifiable
          </Badge>
          <Title order={1} className={classes.heroTitle}>
            Random prize draws you can prove were fair
          </Title>
          <HeroSentence />
          <Group gap="sm">
            <Button size="lg" component={Link} to={link('home', { hash: 'start' })}>
              Start a draw
            </Button>
            <Button size="lg" variant="default" component={Link} to={link('home', { hash: 'how-it-works' })}>
              See how it works
            </Button>
            <Button size="lg" variant="default" component={Link} to={link('randomNumberGenerator')}>
              Try the free number generator
            </Button>
          </Group>
          <RatingLine />
        </Stack>
      </Container>

      {/* Boundaries: on a prerendered page the wizard hydrates at the visitor's first input, the sections below at
          that input or when they come into view; until then their HTML is the prerendered one. */}
      <Container size="md" pb={56} component="section" id="start" aria-labelledby="wizard-title">
        <WizardFirstStepView />
        <Suspense>
          <HydrateOnEngagement>
            <Wizard />
          </HydrateOnEngagement>
        </Suspense>
      </Container>

      <Suspense>
        <HydrateOnEngagement nearElementId="home-sections">
          {/* Prices need the app: on the prerendered page it starts when they come into view (START_IN_VIEW_ATTRIBUTE). */}
          <div id="home-sections" data-start-in-view="">
            <AboutSections Reviews={Reviews} />
            <Pricing />
          </div>
        </HydrateOnEngagement>
      </Suspense>
    </>
  );
}
