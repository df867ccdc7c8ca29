export { Benefits } from './sections/Benefits';
export { Contact } from './sections/Contact';
export { Faq } from './sections/Faq';
export { Hero } from './sections/Hero';
export { HowItWorks } from './sections/HowItWorks';
export { Registration } from './sections/Registration';
export { Testimonials } from './sections/Testimonials';
export { TrustedBy } from './sections/TrustedBy';
