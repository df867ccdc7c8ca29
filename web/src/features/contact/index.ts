export { ContactDetailsAndForm } from './ContactSection';
export { ContactForm } from './ContactForm';
