import { Container, Stack, Text, Title } from '@mantine/core';
import { useSiteConfigurationData } from '../../../api/site-api';
import { useAppSelector } from '../../../lib/hooks';
import { businessData, useStructuredData } from '../../../shared/analytics/structured-data';
import { selectCountry } from '../../../lib/site/site-slice';
import { ReviewsWidget } from './reviews-widget';

export default function ReviewsPage() {
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  useStructuredData('business', site ? businessData(site.reviewSummary) : undefined);
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Title order={1}>Reviews</Title>
        <Text size="lg" c="gray.8">
          What marketing teams, agencies and lawyers say about running their draws with FairDraw.
        </Text>
        <ReviewsWidget />
      </Stack>
    </Container>
  );
}
