import type { ContactMessage } from '../../../src/shared/schemas/contact';
import { contactRepository } from '../repositories/contact.repository';

/** Contact-form messages for the support team. */
export const contactService = {
  /** Keeps a parsed message and returns its id. */
  submit: (message: ContactMessage): Promise<string> => contactRepository.insert(message),
};
