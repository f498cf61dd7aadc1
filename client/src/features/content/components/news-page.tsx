import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { newsItems } from '../documents/news';

export default function NewsPage() {
  const { date } = useDates();
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Title order={1}>News</Title>
        <Text size="lg" c="gray.8">
          What is new at FairDraw.
        </Text>
        {newsItems.map((item) => (
          <Card key={item.title} withBorder radius="md" component="article" padding="lg">
            <Text size="sm" c="dimmed" component="time" dateTime={item.date}>
              {date(item.date, 'UTC')}
            </Text>
            <Title order={2} size="h3" my={4}>
              {item.title}
            </Title>
            <Text>{item.text}</Text>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
