/** A mail as the local backend's mailbox (/mailbox) lists it. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  createdAt: string;
}
