#!/usr/bin/env bash
# Puts the Debian-packaged face and background images of the face frame set in DEST (default
# .tmp/face-sources): python3-skimage's astronaut.png, coffee.png and motorcycle_left.png, and
# opencv-doc's messi5.jpg, stuff.jpg, leuvenA.jpg and left01.jpg, and the images of the face
# evaluation set (scripts/make-face-eval-set.mjs: more of skimage's and opencv-doc's pictures, some
# renamed on the way, and matplotlib's grace_hopper.jpg from python-matplotlib-data). When the packages are installed
# the files are copied from them; otherwise the two .deb files are fetched with `apt-get download`
# and only these files are unpacked (nothing is installed: python3-skimage would pull in SciPy
# and Matplotlib, opencv-doc is 270 MB of HTML). Used by scripts/make-face-frames.mjs.
set -euo pipefail
DEST="${1:-.tmp/face-sources}"
mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"

SKIMAGE=usr/lib/python3/dist-packages/skimage/data
OPENCV=usr/share/doc/opencv-doc/examples/data
declare -A FILES=(
  [astronaut.png]="python3-skimage $SKIMAGE"
  [coffee.png]="python3-skimage $SKIMAGE"
  [motorcycle_left.png]="python3-skimage $SKIMAGE"
  [messi5.jpg]="opencv-doc $OPENCV"
  [stuff.jpg]="opencv-doc $OPENCV"
  [leuvenA.jpg]="opencv-doc $OPENCV"
  [left01.jpg]="opencv-doc $OPENCV"
)
# The evaluation set's: [name here]="package folder [name in the package]".
OPENCV_HTML=usr/share/doc/opencv-doc/opencv4/html
MPL=usr/share/matplotlib/mpl-data/sample_data
for entry in \
  "chelsea.png python3-skimage $SKIMAGE" "brick.png python3-skimage $SKIMAGE" "grass.png python3-skimage $SKIMAGE" \
  "gravel.png python3-skimage $SKIMAGE" "camera.png python3-skimage $SKIMAGE" "rocket.jpg python3-skimage $SKIMAGE" \
  "baboon.jpg opencv-doc $OPENCV" "HappyFish.jpg opencv-doc $OPENCV" "Blender_Suzanne1.jpg opencv-doc $OPENCV" \
  "squirrel_cls.jpg opencv-doc $OPENCV" "chicky_512.png opencv-doc $OPENCV" "starry_night.jpg opencv-doc $OPENCV" \
  "building.jpg opencv-doc $OPENCV" "basketball1.png opencv-doc $OPENCV" "home.jpg opencv-doc $OPENCV" \
  "graf1.png opencv-doc $OPENCV" "fruits.jpg opencv-doc $OPENCV" "board.jpg opencv-doc $OPENCV" \
  "butterfly.jpg opencv-doc $OPENCV" "aloeL.jpg opencv-doc $OPENCV" \
  "ocv-man-a.jpg opencv-doc $OPENCV_HTML 227943776_1.jpg" "ocv-man-b.jpg opencv-doc $OPENCV_HTML 230501201_1.jpg" \
  "ocv-woman-05.jpg opencv-doc $OPENCV_HTML 05.jpg" "ocv-woman-06.jpg opencv-doc $OPENCV_HTML 06.jpg" \
  "ocv-woman-12.jpg opencv-doc $OPENCV_HTML 12.jpg" "ocv-glasses.jpg opencv-doc $OPENCV_HTML example.jpg" \
  "ocv-facereg.jpg opencv-doc $OPENCV_HTML facereg.jpg" "ocv-faces-grid.jpg opencv-doc $OPENCV_HTML 3.jpg" \
  "ocv-webcam-woman.jpg opencv-doc $OPENCV_HTML Cascade_Classifier_Tutorial_Result_Haar.jpg" \
  "ocv-glider.jpg opencv-doc $OPENCV_HTML Template_Matching_Original_Image.jpg" \
  "ocv-webcam-clock.jpg opencv-doc $OPENCV_HTML Threshold_inRange_Tutorial_Result_input.jpeg" \
  "ocv-hand.jpg opencv-doc $OPENCV_HTML handSrc.jpg" "ocv-couple.jpg opencv-doc $OPENCV_HTML inpaint_basics.jpg" \
  "ocv-cat.jpg opencv-doc $OPENCV_HTML cat_det.jpg" "ocv-dog-a.jpg opencv-doc $OPENCV_HTML Pyramids_Tutorial_Original_Image.jpg" \
  "ocv-dog-b.jpg opencv-doc $OPENCV_HTML Remap_Tutorial_Original_Image.jpg" \
  "ocv-kitten.jpg opencv-doc $OPENCV_HTML Morphology_1_Tutorial_Dilation_Result.jpg" \
  "ocv-comic.jpg opencv-doc $OPENCV_HTML bicubic_comic.jpg" "ocv-cartoon-3d.png opencv-doc $OPENCV_HTML resultOutputWideoWrite.png" \
  "ocv-random-pattern.jpg opencv-doc $OPENCV_HTML random_pattern.jpg" \
  "ocv-lecture-hall.jpg opencv-doc $OPENCV_HTML studentsSample_input.jpg" \
  "grace_hopper.jpg python-matplotlib-data $MPL"; do
  read -r name pkg dir from <<<"$entry"
  FILES[$name]="$pkg $dir ${from:-$name}"
done

missing_pkgs=()
for name in "${!FILES[@]}"; do
  read -r pkg dir from <<<"${FILES[$name]}"
  from="${from:-$name}"
  [ -s "$DEST/$name" ] && continue
  if [ -s "/$dir/$from" ]; then
    cp "/$dir/$from" "$DEST/$name"
  elif [[ ! " ${missing_pkgs[*]} " =~ " $pkg " ]]; then
    missing_pkgs+=("$pkg")
  fi
done
[ ${#missing_pkgs[@]} -eq 0 ] && exit 0

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 777 "$work" # apt-get download drops to the _apt user when it can write here
echo "Fetching ${missing_pkgs[*]} (only a few images are unpacked from them)..."
# Under the project's apt lock (scripts/apt-install.sh): never while its apt-get update rewrites the lists.
download() { (cd "$work" && flock "${INVIGIL_APT_LOCK:-/tmp/invigil-apt.lock}" apt-get download -q "${missing_pkgs[@]}"); }
if ! download >/dev/null 2>&1; then
  bash "$(dirname "$0")/apt-install.sh" --update
  download >/dev/null
fi
mkdir -p "$work/root"
for deb in "$work"/*.deb; do
  members=()
  for name in "${!FILES[@]}"; do
    read -r pkg dir from <<<"${FILES[$name]}"
    [[ "$(basename "$deb")" == "${pkg}_"* ]] && members+=("./$dir/${from:-$name}")
  done
  mapfile -t members < <(printf '%s\n' "${members[@]}" | sort -u)
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work/root" "${members[@]}"
done
for name in "${!FILES[@]}"; do
  read -r pkg dir from <<<"${FILES[$name]}"
  [ -s "$DEST/$name" ] || cp "$work/root/$dir/${from:-$name}" "$DEST/$name"
done
