import { deletedIsNotRetrievable } from '../../src/conformance/behaviours/delete.ts';
import { deleteUnknownIdIsRefused } from '../../src/conformance/behaviours/retrieve.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { conversations } from '../../src/conformance/checks/resource-under-test.ts';
import { expectThat } from '../../src/conformance/checks/expect.ts';
import { createConversation, deleteResource, updateConversation } from '../../src/conformance/checks/fixtures.ts';
import { hasAll, walkConversations } from '../../src/conformance/checks/list-walk.ts';

check('conversations.delete.not-retrievable', deletedIsNotRetrievable(conversations));

check('conversations.delete.not-listed', async (context) => {
  const { conversation } = await createConversation(context);
  // Muted and pinned first: the list of muted, pinned conversations is short enough to read whole.
  await updateConversation(context, conversation.id, { is_muted: true, is_pinned: true }, 'conversations.update.is-muted');
  await deleteResource(context, 'conversation', conversation.id, 'conversations.delete.not-retrievable');
  const walk = await walkConversations(context, { muted: true, pinned: true }, { stopWhen: hasAll([conversation.id]) });
  const listed = walk.items.some((item) => item.id === conversation.id);
  expectThat(!listed, walk.pages.at(-1)!, `the deleted conversation ${conversation.id} no longer listed (§3: removed permanently)`, 'still listed');
  if (!walk.complete) context.skip(`the whole list could not be read, so absence is unproven: ${walk.stoppedBecause}`);
});

check('conversations.delete.unknown-id', deleteUnknownIdIsRefused(conversations));
