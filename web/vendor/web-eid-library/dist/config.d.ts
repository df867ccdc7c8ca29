declare const _default: Readonly<{
    VERSION: "2.0.2";
    EXTENSION_HANDSHAKE_TIMEOUT: 1000;
    NATIVE_APP_HANDSHAKE_TIMEOUT: number;
    DEFAULT_USER_INTERACTION_TIMEOUT: number;
    MAX_EXTENSION_LOAD_DELAY: 1000;
}>;
export default _default;
