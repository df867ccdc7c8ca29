"""Checks a signature (spec §2 Contracts tab): a PNG data URL from the 500x200 canvas, 2 px black strokes
on a transparent or white background, or the signer's name rendered there in a handwriting font (a typed signature,
issue 13). Everything the browser could send that is not that is refused, and so is a typed name that is not the
signer's own."""

import base64
import binascii
import hashlib
import io
import warnings
from dataclasses import dataclass

from PIL import Image, ImageChops, UnidentifiedImageError

from contracts.errors import ContractsErrorCode
from portal_common.errors import ApiError, ErrorCode

DATA_URL_PREFIX = "data:image/png;base64,"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_DECODED_BYTES = 200 * 1024
MAX_SIDE = 2000
MIN_SIDE = 10
MIN_INK_PIXELS = 20
MAX_INK_SHARE = 0.6  # a signature is lines on a background, not a filled rectangle
ALPHA_VISIBLE = 32
DARK_ENOUGH = 170  # grey level below which an opaque pixel counts as ink (white background is 255)

NOT_PNG = "The signature must be a PNG image"
TOO_LARGE = "The signature image is too large"
BLANK = "Please draw your signature"
TYPED_NAME_MISMATCH = "The typed signature must be your full name as in your profile"
MAX_TYPED_NAME_LENGTH = 200
FIELD_CODES = {NOT_PNG: ContractsErrorCode.INVALID_SIGNATURE, TOO_LARGE: ContractsErrorCode.SIGNATURE_TOO_LARGE,
               BLANK: ContractsErrorCode.SIGNATURE_MISSING}


@dataclass(frozen=True)
class Signature:
    data_url: str
    png: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.png).hexdigest()


def same_name(typed: str, known: str) -> bool:
    """Case and repeated spaces do not matter; letters do (Tõnu is not Tonu)."""
    return " ".join(typed.split()).casefold() == " ".join(known.split()).casefold()


def check_typed_name(typed_name: str | None, profile_name: str | None) -> str:
    """A typed signature shows the signer's own name: the one their profile holds, nobody else's."""
    if not typed_name or not typed_name.strip() or not profile_name or not same_name(typed_name, profile_name):
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "typedName", TYPED_NAME_MISMATCH,
                                ContractsErrorCode.TYPED_NAME_MISMATCH)
    return " ".join(typed_name.split())


def _refuse(message: str) -> ApiError:
    return ApiError.on_field(422, ContractsErrorCode.INVALID_SIGNATURE, "signatureData", message, FIELD_CODES[message])


def ink_pixels(image: Image.Image) -> int:
    """Pixels that are visible and darker than a white background."""
    rgba = image.convert("RGBA")
    visible = rgba.getchannel("A").point(lambda v: 255 if v >= ALPHA_VISIBLE else 0)
    dark = rgba.convert("RGB").convert("L").point(lambda v: 255 if v < DARK_ENOUGH else 0)
    return ImageChops.multiply(visible, dark).histogram()[255]


def validate_signature(data_url: object) -> Signature:
    if not isinstance(data_url, str) or not data_url.lower().startswith(DATA_URL_PREFIX):
        raise _refuse(NOT_PNG)
    encoded = data_url[len(DATA_URL_PREFIX):].strip()
    if len(encoded) > (MAX_DECODED_BYTES * 4) // 3 + 4:
        raise _refuse(TOO_LARGE)
    try:
        png = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise _refuse(NOT_PNG) from None
    if len(png) > MAX_DECODED_BYTES:
        raise _refuse(TOO_LARGE)
    if not png.startswith(PNG_MAGIC):
        raise _refuse(NOT_PNG)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(png)) as probe:
                if probe.format != "PNG":
                    raise _refuse(NOT_PNG)
                width, height = probe.size
                if width > MAX_SIDE or height > MAX_SIDE:
                    raise _refuse(TOO_LARGE)
                if width < MIN_SIDE or height < MIN_SIDE:
                    raise _refuse(BLANK)
                probe.verify()  # chunk structure and CRCs
            with Image.open(io.BytesIO(png)) as image:
                image.load()  # every pixel decodes
                ink = ink_pixels(image)
    except ApiError:
        raise
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombWarning,
            Image.DecompressionBombError):
        raise _refuse(NOT_PNG) from None
    if ink < MIN_INK_PIXELS or ink > MAX_INK_SHARE * width * height:
        raise _refuse(BLANK)
    return Signature(data_url=DATA_URL_PREFIX + base64.b64encode(png).decode(), png=png)
