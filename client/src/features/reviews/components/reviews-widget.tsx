import { Anchor, Group, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { type ReviewListResponseDto, useGetReviewsQuery, useSiteConfigurationData } from '../../../api/site-api';
import { useAppSelector } from '../../../lib/hooks';
import { pageHostname } from '../../../lib/page-values';
import { useRouteLink } from '../../../lib/use-route-link';
import { selectCountry } from '../../../lib/site/site-slice';
import { isVerticalReviewsPath, logoUrl, reviewsVisible, showReviewDates } from '../review-rules';
import { ReviewCard } from './review-card';

/**
 * What the widget shows from the reviews' query: it re-renders when they arrive or fail, not when the request starts.
 * Not yet asked counts as loading, as in useQuery's own result (the request starts after the first render): the
 * prerendered page shows the placeholder.
 */
const selectReviewsResult = (result: { data?: ReviewListResponseDto; error?: unknown; isLoading: boolean; isUninitialized: boolean }) => ({
  data: result.data,
  error: result.error,
  isLoading: result.isLoading || (result.isUninitialized && result.data === undefined),
});

/**
 * The reviews: a horizontally scrolling box (home) or the vertical list (any path containing 'review').
 * A failure to load them is only logged (part 1 §8 'R ERROR').
 */
export function ReviewsWidget() {
  const { pathname } = useLocation();
  const vertical = isVerticalReviewsPath(pathname);
  const link = useRouteLink();
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  const { data, error, isLoading } = useGetReviewsQuery(undefined, { selectFromResult: selectReviewsResult });
  const now = useMemo(() => Date.now(), [data]);

  useEffect(() => {
    if (error) console.error('R ERROR', error);
  }, [error]);

  const reviews = data?.reviews ?? [];
  // Home's box waits for the reviews before it shows anything: with too few it is not shown at all, so a placeholder
  // (in the prerendered page too) would be an empty 'What customers say' until they arrive.
  if (error || (isLoading && !vertical) || (!isLoading && !reviewsVisible(reviews.length, vertical, pageHostname()))) return null;
  const showDates = showReviewDates(
    reviews.map((review) => review.time),
    now,
  );
  const cards = reviews.map((review, index) => (
    <ReviewCard
      key={`${review.authorId}-${review.time}`}
      review={review}
      index={index}
      logo={logoUrl(data?.contentHosts ?? [], index, review.companyLogoFile)}
      showDate={showDates}
      now={now}
      fixedWidth={!vertical}
    />
  ));
  const summary = site && site.reviewSummary.count > 0 && (
    <Text size="sm" c="gray.8">
      Rated {site.reviewSummary.rating.toFixed(1)} out of 5 from {site.reviewSummary.count} {site.reviewSummary.count === 1 ? 'review' : 'reviews'}
    </Text>
  );

  if (vertical) {
    return (
      <Stack gap="md">
        {summary}
        {isLoading && <Skeleton height={160} />}
        {!isLoading && reviews.length === 0 && <Text>No reviews have been published here yet.</Text>}
        {cards}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="reviews-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="reviews-title">
          What customers say
        </Title>
        <Anchor component={Link} to={link('reviews')} underline="always">
          All reviews
        </Anchor>
      </Group>
      {summary}
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={8} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Reviews, scroll sideways' } as Record<string, unknown>}>
        <Group gap="md" wrap="nowrap" align="stretch" pb="xs">
          {cards}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
