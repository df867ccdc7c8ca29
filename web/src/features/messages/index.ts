export { MessagesTab } from './components/MessagesTab';
