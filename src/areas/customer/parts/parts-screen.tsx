/**
 * Parts Catalog (SPEC §2, §4 Cart, §5 Cart, §9 Stock badge): search by name or model, a model
 * filter, part cards with price and stock badge (the first 50, then 'Show more'), a cart summary
 * that adds up to the stock, removes, clears and submits a PENDING part request; then the
 * customer's part requests.
 */
import {
  Button,
  Card,
  HStack,
  Heading,
  IconButton,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuMinus, LuPlus, LuShoppingCart, LuTrash2 } from 'react-icons/lu';
import { ListEmptyState } from '../../../components/empty-state';
import { FormField } from '../../../components/form-field';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { PartRequestStatusBadge, StockBadge } from '../../../components/status-badges';
import { toaster } from '../../../components/toaster';
import { useCart } from '../../../data/queries/customer-cart';
import { useMyPartRequests, usePartsCatalog } from '../../../data/queries/customer';
import { useAction } from '../../../data/use-action';
import {
  canAddToCart,
  cartItemCount,
  cartTotal,
  quantityInCart,
  type CartLine,
} from '../../../domain/cart';
import { chairModels, modelName } from '../../../domain/chair-models';
import type { Part } from '../../../domain/entities';
import { countOf, displayId, formatCurrency, formatDate } from '../../../domain/format';
import { matchesSearch } from '../../../domain/search';

function PartCard({
  part,
  inCart,
  canAdd,
  onAdd,
  onRemove,
}: {
  part: Part;
  inCart: number;
  canAdd: boolean;
  onAdd: () => void;
  onRemove: () => void;
}) {
  return (
    <Card.Root as="article" aria-label={part.name} variant="outline">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Heading as="h3" size="md">
            {part.name}
          </Heading>
          <StockBadge stock={part.stock} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {part.model ? modelName(part.model) : 'All models'}
          {part.partCode ? ` · ${part.partCode}` : ''}
        </Text>
        <Text fontWeight="semibold">{formatCurrency(part.price)}</Text>
      </Card.Body>
      <Card.Footer>
        <HStack gap="2">
          {inCart > 0 ? (
            <Button
              variant="outline"
              minH="44px"
              aria-label={`Remove one ${part.name}`}
              onClick={onRemove}
            >
              <LuMinus aria-hidden />
            </Button>
          ) : null}
          {inCart > 0 ? <Text aria-label={`${part.name} in cart`}>{inCart}</Text> : null}
          <Button colorPalette="brand" minH="44px" disabled={!canAdd} onClick={onAdd}>
            <LuPlus aria-hidden /> Add to Cart
          </Button>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

/** What the cart holds, line by line: the part, a quantity stepper, the line's price, Remove. */
function CartLines({
  parts,
  cart,
  cartActions,
}: {
  parts: Part[];
  cart: CartLine[];
  cartActions: CartActions;
}) {
  const byId = new Map(parts.map((p) => [p.id, p]));
  return (
    // A long cart scrolls inside the bar so the bar never covers the whole catalogue: on a phone
    // about three lines show, each a name beside its buttons.
    <Stack
      as="ul"
      aria-label="Cart lines"
      gap="2"
      listStyleType="none"
      maxH={{ base: '12.5rem', md: '40vh' }}
      overflowY="auto"
    >
      {cart.map((line) => {
        const part = byId.get(line.partId);
        const name = part?.name ?? 'Unknown part';
        return (
          <HStack as="li" key={line.partId} aria-label={name} justify="space-between" gap="2">
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium">{name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatCurrency((part?.price ?? 0) * line.qty)}
              </Text>
            </Stack>
            <HStack gap="1">
              <IconButton
                variant="outline"
                size="sm"
                minW="44px"
                minH="44px"
                aria-label={`One fewer ${name}`}
                onClick={() => cartActions.remove(line.partId)}
              >
                <LuMinus aria-hidden />
              </IconButton>
              <Text minW="8" textAlign="center" aria-label={`${name} quantity`}>
                {line.qty}
              </Text>
              <IconButton
                variant="outline"
                size="sm"
                minW="44px"
                minH="44px"
                aria-label={`One more ${name}`}
                disabled={!part || !canAddToCart(cart, part)}
                onClick={() => part && cartActions.add(part)}
              >
                <LuPlus aria-hidden />
              </IconButton>
              <IconButton
                variant="ghost"
                colorPalette="red"
                size="sm"
                minW="44px"
                minH="44px"
                aria-label={`Remove ${name} from cart`}
                onClick={() => cartActions.removeLine(line.partId)}
              >
                <LuTrash2 aria-hidden />
              </IconButton>
            </HStack>
          </HStack>
        );
      })}
    </Stack>
  );
}

type CartActions = Pick<ReturnType<typeof useCart>, 'add' | 'remove' | 'removeLine'>;

function CartSummary({
  parts,
  cart,
  clear,
  cartActions,
}: {
  parts: Part[];
  cart: CartLine[];
  clear: () => void;
  cartActions: CartActions;
}) {
  const { run, busy } = useAction();
  const count = cartItemCount(cart);
  const submit = async () => {
    // An empty cart is refused by the mutation's schema, in SPEC's words ('Cart is empty').
    const ok = await run(
      'partRequest.create',
      { id: crypto.randomUUID(), items: cart },
      {
        success: {
          title: 'Parts request submitted',
          description: 'We will review your request and provide a quote within 24 hours.',
        },
      },
    );
    if (ok) clear();
  };
  return (
    // Below the catalog and stuck to the bottom of the screen while it scrolls: the count, the
    // total and Submit stay in view and under the thumb (the top bar holds the top).
    <Card.Root
      as="section"
      aria-label="Cart"
      variant="elevated"
      position="sticky"
      bottom="2"
      zIndex="1"
      borderWidth="1px"
    >
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        {cart.length > 0 ? <CartLines parts={parts} cart={cart} cartActions={cartActions} /> : null}
        <Stack
          gap="3"
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ md: 'center' }}
          borderTopWidth={cart.length > 0 ? '1px' : undefined}
          pt={cart.length > 0 ? '3' : undefined}
        >
          <HStack gap="2">
            <LuShoppingCart aria-hidden />
            <Text fontWeight="semibold">
              {`${countOf(count, 'item')} · ${formatCurrency(cartTotal(cart, parts))}`}
            </Text>
          </HStack>
          <Stack direction="row" gap="2">
            <Button
              flex={{ base: '1', md: 'none' }}
              variant="outline"
              minH="44px"
              disabled={cart.length === 0}
              onClick={clear}
            >
              Clear Cart
            </Button>
            <Button
              flex={{ base: '1', md: 'none' }}
              colorPalette="brand"
              minH="44px"
              loading={busy}
              onClick={() => void submit()}
            >
              Submit Request
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MyPartRequests({ parts }: { parts: Part[] }) {
  const byId = new Map(parts.map((p) => [p.id, p]));
  const requests = useMyPartRequests();
  return (
    <Stack as="section" aria-label="My Part Requests" gap="3">
      <Heading as="h2" size="lg">
        My Part Requests
      </Heading>
      {requests === undefined ? (
        <LoadingState label="Loading part requests…" />
      ) : requests.length === 0 ? (
        <ListEmptyState title="No part requests found" description="Submitted carts appear here." />
      ) : (
        requests.map((request) => (
          <Card.Root
            as="article"
            aria-label={`Request #${displayId(request.id)}`}
            key={request.id}
            variant="outline"
            size="sm"
          >
            <Card.Body gap="2">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="medium">
                  {`Request #${displayId(request.id)} · ${countOf(cartItemCount(request.items), 'item')}`}
                </Text>
                <PartRequestStatusBadge status={request.status} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {formatDate(request.createdAt)}
              </Text>
              <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
                {request.items.map((line) => {
                  const part = byId.get(line.partId);
                  return (
                    <HStack as="li" key={line.partId} justify="space-between" gap="2">
                      <Text>{`${part?.name ?? 'Unknown part'} × ${line.qty}`}</Text>
                      <Text>{formatCurrency((part?.price ?? 0) * line.qty)}</Text>
                    </HStack>
                  );
                })}
              </Stack>
              <HStack justify="space-between" borderTopWidth="1px" pt="2" fontWeight="semibold">
                <Text>Total</Text>
                <Text>{formatCurrency(cartTotal(request.items, parts))}</Text>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))
      )}
    </Stack>
  );
}

export function PartsScreen() {
  const parts = usePartsCatalog();
  const { cart, add, remove, removeLine, clear } = useCart();
  const [search, setSearch] = useState('');
  const [model, setModel] = useState('');
  const shown = useMemo(
    () =>
      (parts ?? []).filter(
        (p) =>
          (!model || p.model === model) &&
          matchesSearch(search, [p.name, p.model, p.model ? modelName(p.model) : null]),
      ),
    [parts, search, model],
  );
  // A catalogue of thousands of parts draws its first 50 at once; 'Show more' adds the next.
  const page = useShowMore(shown);
  const addOne = (part: Part) => {
    add(part);
    toaster.create({ type: 'success', title: 'Added to cart' });
  };

  return (
    <>
      <ScreenHeading title="Parts Catalog" intro="Order spare parts for your chairs." />
      {parts === undefined ? (
        <LoadingState label="Loading parts…" />
      ) : (
        <Stack gap="5">
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            <SearchField
              label="Search parts"
              placeholder="Search by name or model..."
              value={search}
              onChange={setSearch}
            />
            <FormField label="Model">
              <NativeSelect.Root size="lg" maxW={{ md: 'xs' }}>
                <NativeSelect.Field value={model} onChange={(e) => setModel(e.target.value)}>
                  <option value="">All models</option>
                  {chairModels.map((m) => (
                    <option key={m.model} value={m.model}>
                      {modelName(m.model)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Stack>
          {shown.length === 0 ? (
            <ListEmptyState title="No parts found" description="Try another search or model." />
          ) : (
            <Stack gap="3">
              <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
                {page.shown.map((part) => (
                  <PartCard
                    key={part.id}
                    part={part}
                    inCart={quantityInCart(cart, part.id)}
                    canAdd={canAddToCart(cart, part)}
                    onAdd={() => addOne(part)}
                    onRemove={() => remove(part.id)}
                  />
                ))}
              </SimpleGrid>
              <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
            </Stack>
          )}
          <CartSummary
            parts={parts}
            cart={cart}
            clear={clear}
            cartActions={{ add, remove, removeLine }}
          />
          <MyPartRequests parts={parts} />
        </Stack>
      )}
    </>
  );
}
