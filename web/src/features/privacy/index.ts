export { AccessLogCard } from './components/AccessLogCard';
