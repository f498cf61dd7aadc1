import { Anchor, Avatar, Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ReviewDto } from '../../../api/site-api';
import { relativeDateLabel, starWidth, STAR_WIDTH_PX, truncateReview } from '../review-rules';

/** Logos of the first reviews load shortly after the page, the others later, so they never hold up the page. */
function useDelayedSource(src: string | undefined, index: number): string | undefined {
  const [shown, setShown] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!src) return;
    const timer = setTimeout(() => setShown(src), index < 3 ? 100 : 5000);
    return () => clearTimeout(timer);
  }, [src, index]);
  return shown;
}

function Stars({ rating }: { rating: number }) {
  return (
    <Box w={starWidth(rating)} h={STAR_WIDTH_PX} style={{ display: 'flex', overflow: 'hidden' }} role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <IconStarFilled key={i} size={STAR_WIDTH_PX} color="#b45309" style={{ flex: 'none' }} aria-hidden />
      ))}
    </Box>
  );
}

/**
 * One review. Every text is rendered as text (React encodes it), never as HTML, so a review cannot inject markup.
 */
export function ReviewCard({ review, index, logo, showDate, now, fixedWidth }: { review: ReviewDto; index: number; logo: string | undefined; showDate: boolean; now: number; fixedWidth?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const truncated = truncateReview(review.text);
  const logoSrc = useDelayedSource(logo, index);
  const company = review.companyUrl ? (
    <Anchor href={review.companyUrl} target="_blank" rel="noopener noreferrer nofollow" size="sm" underline="always">
      {review.companyName}
    </Anchor>
  ) : (
    <Text span size="sm">
      {review.companyName}
    </Text>
  );
  return (
    <Card withBorder radius="md" padding="md" w={fixedWidth ? 320 : undefined} style={{ flex: fixedWidth ? 'none' : undefined }} component="article" aria-label={`Review by ${review.authorName}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={logoSrc} alt={logoSrc ? `${review.companyName} logo` : undefined} radius="sm" color="brand">
            {review.companyName.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text fw={700} size="sm">
              {review.authorName}
            </Text>
            <Text size="xs" c="gray.8">
              {review.authorJobTitle}
              {review.authorJobTitle && review.companyName ? ', ' : ''}
              {review.companyName && company}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Stars rating={review.rating} />
          {showDate && (
            <Text size="xs" c="gray.8" data-testid="review-date">
              {relativeDateLabel(review.time, now)}
            </Text>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {truncated ? (expanded ? review.text : `${truncated.shown}…`) : review.text}{' '}
          {truncated && (
            <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded} underline="always">
              {expanded ? 'Less' : 'More'}
            </Anchor>
          )}
        </Text>
      </Stack>
    </Card>
  );
}
