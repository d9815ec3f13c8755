/**
 * One training resource (SPEC §2 Training Resources and Technical Reference): title, added date,
 * the FAQ's opening lines, and its button: Watch / Open for a link, View Content (in a dialog)
 * for text. A screen may give its own `actions` (the engineer's offline-kept documents).
 */
import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuExternalLink, LuFileText, LuPlay } from 'react-icons/lu';
import type { TrainingResource } from '../domain/entities';
import { formatDate } from '../domain/format';
import { trainingAction } from '../domain/training-tabs';
import { DialogFrame } from './dialog-frame';

function ViewContent({ resource }: { resource: TrainingResource }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outline" minH="44px" onClick={() => setOpen(true)}>
        <LuFileText aria-hidden /> View Content
      </Button>
      <DialogFrame
        title={resource.title}
        open={open}
        onClose={close}
        size="lg"
        placement="center"
        footer={
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        }
      >
        <Text whiteSpace="pre-wrap">{resource.content || 'No content available.'}</Text>
      </DialogFrame>
    </>
  );
}

/** The resource's own button: a link that opens in a new tab, or its text in a dialog. */
export function TrainingResourceAction({ resource }: { resource: TrainingResource }) {
  if (!resource.url) return <ViewContent resource={resource} />;
  return (
    <Button asChild colorPalette="brand" minH="44px">
      <a href={resource.url} target="_blank" rel="noopener noreferrer">
        {resource.type === 'VIDEO' ? <LuPlay aria-hidden /> : <LuExternalLink aria-hidden />}
        {trainingAction(resource)}
      </a>
    </Button>
  );
}

export function TrainingResourceCard({
  resource,
  headingAs = 'h3',
  actions,
}: {
  resource: TrainingResource;
  /** The card title's level under the screen's headings. */
  headingAs?: 'h2' | 'h3';
  /** Replaces the resource's own button. */
  actions?: ReactNode;
}) {
  return (
    <Card.Root as="article" aria-label={resource.title} variant="outline" h="full">
      <Card.Body gap="2">
        <Heading as={headingAs} size="md">
          {resource.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Added {formatDate(resource.createdAt)}
        </Text>
        {resource.type === 'FAQ' && resource.content ? (
          <Text lineClamp={3}>{resource.content}</Text>
        ) : null}
      </Card.Body>
      <Card.Footer>{actions ?? <TrainingResourceAction resource={resource} />}</Card.Footer>
    </Card.Root>
  );
}
