import { Anchor, Card, Container, Grid, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type CreateHelpContactRequestDto, useCreateHelpContactMutation } from '../../../api/contact-api';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { selectUser } from '../../../lib/session/session-slice';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { useHumanCheck } from '../../../lib/site/human-check';
import { selectCountry } from '../../../lib/site/site-slice';
import { BusyButton } from '../../../shared/busy/busy-button';

const TOPICS = [
  { value: 'draw', label: 'A draw I have run or scheduled' },
  { value: 'billing', label: 'Payments, credits and invoices' },
  { value: 'account', label: 'My account' },
  { value: 'api', label: 'The API' },
  { value: 'compliance', label: 'Compliance and certificates' },
  { value: 'other', label: 'Something else' },
];

const FIELDS = ['name', 'email', 'organisation', 'phone', 'topic', 'drawId', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** /contact/: CreateHelpContact with the human check (part 1 §7); the message is stored and mailed to support. */
export default function ContactPage() {
  const user = useAppSelector(selectUser);
  const country = useAppSelector(selectCountry);
  const link = useRouteLink();
  const humanCheck = useHumanCheck();
  const [create, { isLoading }] = useCreateHelpContactMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Record<Field, string>>(() => ({
    name: user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '',
    email: user?.email ?? '',
    organisation: '',
    phone: '',
    topic: '',
    drawId: '',
    message: '',
  }));
  const { values, setField, errors } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors();
    try {
      const recaptchaResponse = await humanCheck('contact');
      const request: CreateHelpContactRequestDto = {
        name: values.name,
        email: values.email,
        organisation: values.organisation || undefined,
        phone: values.phone || undefined,
        topic: values.topic as CreateHelpContactRequestDto['topic'],
        drawId: values.drawId || undefined,
        message: values.message,
        country,
        recaptchaResponse,
      };
      const answer = await create({ createHelpContactRequestDto: request }).unwrap();
      setSent(answer.message);
    } catch (error) {
      if (error instanceof Error) form.showErrors({ fields: {}, form: error.message });
      else form.showErrors(formErrorsOf(error, FIELDS));
    }
  };

  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => setField(field, event.currentTarget.value),
    error: errors.fields[field],
  });

  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={1}>Contact us</Title>
            <Text size="lg" c="gray.8">
              Questions about a draw, a certificate, an invoice or the API: we answer within one business day, every day of the year.
            </Text>
            {sent ? (
              <FormMessage kind="info" title="Message sent" takesFocus>
                {sent}
              </FormMessage>
            ) : (
              <form ref={form.formRef} onSubmit={(event) => void submit(event)} noValidate>
                <Stack gap="sm">
                  {errors.form && <FormMessage>{errors.form}</FormMessage>}
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Your name" required autoComplete="name" {...fieldProps('name')} />
                    <TextInput label="E-mail address" type="email" required autoComplete="email" {...fieldProps('email')} />
                    <TextInput label="Organisation" autoComplete="organization" {...fieldProps('organisation')} />
                    <TextInput label="Phone" type="tel" autoComplete="tel" {...fieldProps('phone')} />
                  </SimpleGrid>
                  <Select
                    label="What is it about?"
                    required
                    data={TOPICS}
                    value={values.topic || null}
                    onChange={(value) => setField('topic', value ?? '')}
                    error={errors.fields.topic}
                    allowDeselect={false}
                  />
                  <TextInput label="Draw ID" description="The 12 characters after # on the draw page, if your question is about a draw." maxLength={12} {...fieldProps('drawId')} />
                  <Textarea label="Message" required autosize minRows={5} maxLength={5000} {...fieldProps('message')} />
                  <BusyButton type="submit" loading={isLoading} w="fit-content">
                    Send message
                  </BusyButton>
                  <Text size="xs" c="dimmed">
                    We use your details only to answer you; see the{' '}
                    <Anchor component={Link} to={link('privacy')} size="xs" underline="always">
                      privacy policy
                    </Anchor>
                    .
                  </Text>
                </Stack>
              </form>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card withBorder radius="md">
              <Title order={2} size="h4">
                Before you write
              </Title>
              <Text size="sm" mt={4}>
                Many answers are in the{' '}
                <Anchor component={Link} to={link('faqs')} underline="always">
                  FAQs
                </Anchor>
                . To find a draw by its id, use{' '}
                <Anchor component={Link} to={link('lookup')} underline="always">
                  draw lookup
                </Anchor>
                . For API access, tell us the account’s e-mail address.
              </Text>
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h4">
                Post
              </Title>
              <Text size="sm" mt={4}>
                FairDraw, GPO Box, Sydney NSW 2001, Australia
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
